// The program: parse options, build the plan, run it, render and write the results.
#pragma once

namespace tb {

// Returns the process exit code (see options.hpp). Never calls exit().
int run_app(int argc, char** argv);

} // namespace tb
