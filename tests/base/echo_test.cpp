// tests/base/echo_test.cpp — Echo: clean text unchanged, control characters and broken UTF-8
// escaped, long text cut at a character boundary and marked.
#include "base/echo.hpp"

#include <gtest/gtest.h>

namespace cuzk::base {
namespace {

TEST(Echo, CleanShortTextIsUnchanged) {
  EXPECT_EQ(Echo("porep-1000-5"), "porep-1000-5");
  EXPECT_EQ(Echo(""), "");
  EXPECT_EQ(Echo("StackedDrg32GiBV1_1 \\ “quoted” − ünïcode"), "StackedDrg32GiBV1_1 \\ “quoted” − ünïcode");
}

TEST(Echo, ControlCharactersCannotForgeALogLine) {
  EXPECT_EQ(Echo("a\nb"), "a\\nb");
  EXPECT_EQ(Echo("x\r\n[error] forged"), "x\\r\\n[error] forged");
  EXPECT_EQ(Echo(std::string("t\tnul\0esc\x1b del\x7f", 15)), "t\\tnul\\x00esc\\x1b del\\x7f");
  for (int c = 0; c < 0x20; c++) {
    const std::string e = Echo(std::string(1, char(c)));
    EXPECT_EQ(e.find_first_of(std::string("\0\n\r", 3)), std::string::npos) << c;
    EXPECT_EQ(e[0], '\\') << c;
  }
}

TEST(Echo, BytesThatAreNotUtf8AreEscaped) {
  EXPECT_EQ(Echo("\xff\xfe"), "\\xff\\xfe");
  EXPECT_EQ(Echo("\xc3"), "\\xc3");                            // a truncated sequence
  EXPECT_EQ(Echo("\xc0\xaf"), "\\xc0\\xaf");                   // an overlong '/'
  EXPECT_EQ(Echo("\xed\xa0\x80"), "\\xed\\xa0\\x80");          // a surrogate
  EXPECT_EQ(Echo("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80"); // above U+10FFFF
  EXPECT_EQ(Echo("ok\xe2\x82\xac"), "ok\xe2\x82\xac");         // €
}

TEST(Echo, LongTextIsCutAndMarked) {
  const std::string huge(20 << 20, 'x'); // a 20 MiB registered_proof name
  const std::string e = Echo(huge);
  EXPECT_EQ(e, std::string(ECHO_BYTES, 'x') + "…[" + std::to_string(huge.size() - ECHO_BYTES) + " more bytes]");
  EXPECT_EQ(Echo(std::string(ECHO_BYTES, 'y')), std::string(ECHO_BYTES, 'y')); // exactly the bound: not cut
  EXPECT_EQ(Echo("abcdef", 4), "abcd…[2 more bytes]");
  // never inside a character: "é" is two bytes, and the third and fourth bytes of the input are one
  EXPECT_EQ(Echo("ab\xc3\xa9z", 3), "ab…[3 more bytes]");
  EXPECT_EQ(Echo("ab\xc3\xa9z", 4), "ab\xc3\xa9…[1 more bytes]");
  EXPECT_LE(Echo(std::string(1 << 20, '\n'), MESSAGE_BYTES).size(), 2 * MESSAGE_BYTES + 32);
}

} // namespace
} // namespace cuzk::base
