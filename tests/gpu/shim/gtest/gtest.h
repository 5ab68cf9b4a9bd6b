// tests/gpu/shim/gtest/gtest.h — the subset of GoogleTest the GPU tests use, for GPU machines
// without GoogleTest (tests/gpu/CMakeLists.txt uses it only when find_package(GTest) fails).
//
// Supported: TEST, EXPECT_/ASSERT_ {TRUE, FALSE, EQ, NE, LT, LE, GT, GE} with streamed
// messages, GTEST_SKIP. The program exits 0 when every test passed or skipped with at least one
// passing, 77 when every test skipped (ctest SKIP_RETURN_CODE), 1 on any failure.
#pragma once
#include <cstdio>
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

inline int RunAll() {
  int passed = 0, failed = 0, skipped = 0;
  for (const auto &t : Registry()) {
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
  return passed == 0 && skipped > 0 ? 77 : 0;
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

int main() { return ::testing::shim::RunAll(); }
