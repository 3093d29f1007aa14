// SIGINT and SIGTERM during a run: the sample in progress finishes, what completed is kept, and
// the run stops; a second signal takes the default action (the CSV on disk is complete after
// every case anyway).
#pragma once

#include <csignal>

namespace tb {

void install_stop_handlers();
// The signal that asked the run to stop; 0 while none has.
const volatile std::sig_atomic_t& stop_signal();

} // namespace tb
