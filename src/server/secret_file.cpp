// src/server/secret_file.cpp — reading files named in [listen], with a mode check for secrets.
#include "server/secret_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cuzk::server {

Expected<std::string> ReadConfigFile(const std::string &key, const std::string &path, bool secret) {
  const std::string what = key + " " + path;
  if (path.empty()) return InvalidArgument(key + " is empty");
  // the mode is checked on the descriptor that is read, so a file swapped in between cannot pass
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    return MakeError(err == ENOENT ? ErrorCode::kNotFound : ErrorCode::kInternal,
                     "cannot read " + what + ": " + std::strerror(err));
  }
  struct stat st {};
  Expected<std::string> out = MakeError(ErrorCode::kInternal, "");
  if (::fstat(fd, &st) != 0) {
    out = MakeError(ErrorCode::kInternal, "cannot inspect " + what + ": " + std::strerror(errno));
  } else if (!S_ISREG(st.st_mode)) {
    out = MakeError(ErrorCode::kFailedPrecondition, what + " is not a regular file");
  } else if (secret && (st.st_mode & 0007) != 0) {
    out = MakeError(
        ErrorCode::kFailedPrecondition, what + " is accessible to other users (mode " + [&] {
          char mode[8];
          std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
          return std::string(mode);
        }() + "); it holds a secret: chmod o-rwx it (0600 or 0640)");
  } else {
    std::string text;
    char buf[4096];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0) text.append(buf, static_cast<size_t>(n));
    if (n < 0) {
      out = MakeError(ErrorCode::kInternal, "cannot read " + what + ": " + std::strerror(errno));
    } else {
      out = std::move(text);
    }
  }
  ::close(fd);
  return out;
}

} // namespace cuzk::server
