// src/base/echo.hpp — client-controlled text made safe to repeat in errors, log lines and state.
//
// A request carries strings we repeat back (a registered-proof name, a job id, a circuit id): raw,
// a 20 MiB name would be copied into the error, the log and the retained job, and a newline in it
// would forge a log line. Everything such a string reaches goes through Echo once.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace cuzk::base {

//! the bound for one client string (a name or id); Curio's longest ids are under 100 bytes
inline constexpr size_t ECHO_BYTES = 256;
//! the bound for a whole message built around client strings (a job's error)
inline constexpr size_t MESSAGE_BYTES = 1024;

//! `text` with every control character (below 0x20, and 0x7f) and every byte that is not part of
//! valid UTF-8 written as \n, \r, \t or \xNN (a backslash stays as it is), cut after `max_bytes`
//! bytes of input at a character boundary, and a cut marked "…[N more bytes]". Text that is
//! already clean and short comes back unchanged.
std::string Echo(std::string_view text, size_t max_bytes = ECHO_BYTES);

} // namespace cuzk::base
