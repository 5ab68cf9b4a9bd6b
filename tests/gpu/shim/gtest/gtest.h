// tests/gpu/shim/gtest/gtest.h — the subset of GoogleTest the GPU tests use, for GPU machines
// without GoogleTest (tests/gpu/CMakeLists.txt uses it only when find_package(GTest) fails).
//
// Supported: TEST, EXPECT_/ASSERT_ {TRUE, FALSE, EQ, NE, LT, LE, GT, GE} with streamed
// messages, GTEST_SKIP; and the two flags CMake's gtest_discover_tests uses, so that ctest reports
// every test on its own (pass, skip or fail): --gtest_list_tests, and --gtest_filter=Suite.Name
// (exact names, ':'-separated, or '*'). Other --gtest_ flags are ignored. Each test prints
// [ RUN ] and then [ OK ], [ SKIPPED ] or [ FAILED ] as GoogleTest does. The program exits 1 on
// any failure, else 77 (ctest SKIP_RETURN_CODE) when any test skipped, so a run of the whole
// binary never reads as a pass with tests not run; else 0.
#pragma once
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace testing::shim {

struct TestCase {
  const char *suite;
  const char *name;
  void (*body)();
};
inline std::vector<TestCase> &Registry() {
  static std::vector<TestCase> r;
  return r;
}
struct Registrar {
  Registrar(const char *suite, const char *name, void (*body)()) { Registry().push_back({suite, name, body}); }
};
struct State {
  bool failed = false;
  bool skipped = false;
};
inline State &Current() {
  static State s;
  return s;
}

struct Message {
  std::ostringstream os;
  template <class T> Message &operator<<(const T &v) {
    os << v;
    return *this;
  }
};

template <class T> std::string Show(const T &v) {
  if constexpr (requires(std::ostream & o) { o << v; }) {
    std::ostringstream os;
    os << v;
    return os.str();
  } else {
    return "(value)";
  }
}

struct Failure {
  const char *file;
  int line;
  std::string text;
  void operator=(const Message &m) const {
    Current().failed = true;
    std::cout << file << ":" << line << ": Failure\n" << text << "\n" << m.os.str() << std::endl;
  }
};
struct Skip {
  void operator=(const Message &m) const {
    Current().skipped = true;
    std::cout << "Skipped: " << m.os.str() << std::endl;
  }
};

template <class A, class B>
std::string CompareText(const char *ea, const char *eb, const char *op, const A &a, const B &b) {
  return std::string("Expected: (") + ea + ") " + op + " (" + eb + "), actual: " + Show(a) + " vs " + Show(b);
}

inline bool Selected(const std::string &filter, const TestCase &t) {
  if (filter.empty() || filter == "*") return true;
  const std::string full = std::string(t.suite) + "." + t.name;
  size_t start = 0;
  while (start <= filter.size()) {
    size_t end = filter.find(':', start);
    if (end == std::string::npos) end = filter.size();
    if (filter.compare(start, end - start, full) == 0) return true;
    start = end + 1;
  }
  return false;
}

inline int RunAll(int argc, char **argv) {
  std::string filter;
  for (int i = 1; i < argc; i++) {
    if (std::strcmp(argv[i], "--gtest_list_tests") == 0) {
      const char *suite = "";
      for (const auto &t : Registry()) {
        if (std::strcmp(suite, t.suite) != 0) std::cout << (suite = t.suite) << ".\n";
        std::cout << "  " << t.name << "\n";
      }
      return 0;
    }
    if (std::strncmp(argv[i], "--gtest_filter=", 15) == 0) filter = argv[i] + 15;
  }
  int passed = 0, failed = 0, skipped = 0;
  for (const auto &t : Registry()) {
    if (!Selected(filter, t)) continue;
    Current() = State{};
    std::cout << "[ RUN      ] " << t.suite << "." << t.name << std::endl;
    t.body();
    if (Current().failed) {
      failed++;
      std::cout << "[  FAILED  ] " << t.suite << "." << t.name << std::endl;
    } else if (Current().skipped) {
      skipped++;
      std::cout << "[  SKIPPED ] " << t.suite << "." << t.name << std::endl;
    } else {
      passed++;
      std::cout << "[       OK ] " << t.suite << "." << t.name << std::endl;
    }
  }
  std::cout << "[==========] " << passed << " passed, " << skipped << " skipped, " << failed << " failed" << std::endl;
  if (failed) return 1;
  if (passed + skipped == 0) {
    std::cout << "no test matches --gtest_filter=" << filter << std::endl;
    return 1;
  }
  return skipped > 0 ? 77 : 0;
}

} // namespace testing::shim

#define CUZK_SHIM_CAT2(a, b) a##b
#define CUZK_SHIM_CAT(a, b) CUZK_SHIM_CAT2(a, b)
#define TEST(suite, name)                                                                                              \
  static void CUZK_SHIM_CAT(suite, CUZK_SHIM_CAT(_, name))();                                                          \
  static ::testing::shim::Registrar CUZK_SHIM_CAT(suite, CUZK_SHIM_CAT(_reg_, name))(                                  \
      #suite, #name, &CUZK_SHIM_CAT(suite, CUZK_SHIM_CAT(_, name)));                                                   \
  static void CUZK_SHIM_CAT(suite, CUZK_SHIM_CAT(_, name))()

#define CUZK_SHIM_EXPECT(cond, text)                                                                                   \
  if (cond)                                                                                                            \
    ;                                                                                                                  \
  else                                                                                                                 \
    ::testing::shim::Failure{__FILE__, __LINE__, text} = ::testing::shim::Message()
#define CUZK_SHIM_ASSERT(cond, text)                                                                                   \
  if (cond)                                                                                                            \
    ;                                                                                                                  \
  else                                                                                                                 \
    return ::testing::shim::Failure{__FILE__, __LINE__, text} = ::testing::shim::Message()

#define EXPECT_TRUE(c) CUZK_SHIM_EXPECT(bool(c), "Expected true: " #c)
#define EXPECT_FALSE(c) CUZK_SHIM_EXPECT(!bool(c), "Expected false: " #c)
#define ASSERT_TRUE(c) CUZK_SHIM_ASSERT(bool(c), "Expected true: " #c)
#define ASSERT_FALSE(c) CUZK_SHIM_ASSERT(!bool(c), "Expected false: " #c)
#define CUZK_SHIM_CMP(kind, a, b, op) kind(((a)op(b)), ::testing::shim::CompareText(#a, #b, #op, (a), (b)))
#define EXPECT_EQ(a, b) CUZK_SHIM_CMP(CUZK_SHIM_EXPECT, a, b, ==)
#define EXPECT_NE(a, b) CUZK_SHIM_CMP(CUZK_SHIM_EXPECT, a, b, !=)
#define EXPECT_LT(a, b) CUZK_SHIM_CMP(CUZK_SHIM_EXPECT, a, b, <)
#define EXPECT_LE(a, b) CUZK_SHIM_CMP(CUZK_SHIM_EXPECT, a, b, <=)
#define EXPECT_GT(a, b) CUZK_SHIM_CMP(CUZK_SHIM_EXPECT, a, b, >)
#define EXPECT_GE(a, b) CUZK_SHIM_CMP(CUZK_SHIM_EXPECT, a, b, >=)
#define ASSERT_EQ(a, b) CUZK_SHIM_CMP(CUZK_SHIM_ASSERT, a, b, ==)
#define ASSERT_NE(a, b) CUZK_SHIM_CMP(CUZK_SHIM_ASSERT, a, b, !=)
#define ASSERT_LT(a, b) CUZK_SHIM_CMP(CUZK_SHIM_ASSERT, a, b, <)
#define ASSERT_LE(a, b) CUZK_SHIM_CMP(CUZK_SHIM_ASSERT, a, b, <=)
#define ASSERT_GT(a, b) CUZK_SHIM_CMP(CUZK_SHIM_ASSERT, a, b, >)
#define ASSERT_GE(a, b) CUZK_SHIM_CMP(CUZK_SHIM_ASSERT, a, b, >=)
#define GTEST_SKIP() return ::testing::shim::Skip{} = ::testing::shim::Message()

int main(int argc, char **argv) { return ::testing::shim::RunAll(argc, argv); }
