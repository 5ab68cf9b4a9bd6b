// src/server/secret_file.cpp — reading files named in [listen], with a mode check for secrets.
#include "server/secret_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cuzk::server {

std::optional<std::string> ReadConfigFile(const std::string &key, const std::string &path, bool secret,
                                          std::string &error) {
  const std::string what = key + " " + path;
  if (path.empty()) {
    error = key + " is empty";
    return std::nullopt;
  }
  // the mode is checked on the descriptor that is read, so a file swapped in between cannot pass
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot read " + what + ": " + std::strerror(errno);
    return std::nullopt;
  }
  struct stat st {};
  std::optional<std::string> out;
  if (::fstat(fd, &st) != 0) {
    error = "cannot inspect " + what + ": " + std::strerror(errno);
  } else if (!S_ISREG(st.st_mode)) {
    error = what + " is not a regular file";
  } else if (secret && (st.st_mode & 0007) != 0) {
    error = what + " is accessible to other users (mode " + [&] {
      char mode[8];
      std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
      return std::string(mode);
    }() + "); it holds a secret: chmod o-rwx it (0600 or 0640)";
  } else {
    std::string text;
    char buf[4096];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0) text.append(buf, static_cast<size_t>(n));
    if (n < 0) {
      error = "cannot read " + what + ": " + std::strerror(errno);
    } else {
      out = std::move(text);
    }
  }
  ::close(fd);
  return out;
}

} // namespace cuzk::server
