// `transpose_bench report FILE...` and `transpose_bench compare A B`: CSV files back into tables,
// with no GPU involved.
#pragma once

#include <string>
#include <vector>

namespace tb {

// args exclude the program and subcommand names. Returns the exit code.
int run_report_command(const std::vector<std::string>& args, bool compare);

} // namespace tb
