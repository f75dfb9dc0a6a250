// PCRE2's 8-bit library (UTF-8 subjects), the regular-expression engine of less, git grep and
// ripgrep -P. Swift sees the functions under their real names (pcre2_compile_8, ...): the
// unsuffixed names are function-like macros.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
