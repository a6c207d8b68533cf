/* A stand-in for Windows' system ICU (icuuc.dll), for running the Windows build under Wine,
 * which has none. Qt6Core imports these converter functions from it (Windows 10 1903 and later
 * ship the real one); here every converter fails to open, and Qt falls back to its own UTF-8,
 * UTF-16, UTF-32 and Latin-1 codecs. Built by .ci/windows-under-wine with Debian's mingw-w64
 * and placed in the Wine prefix's system32, never in the application's bundle. */
#include <stddef.h>
#include <stdint.h>

#define EXPORT __declspec(dllexport)
typedef int UErrorCode;
enum { U_FILE_ACCESS_ERROR = 4 };

static void fail(UErrorCode *err) { if (err && *err <= 0) *err = U_FILE_ACCESS_ERROR; }

EXPORT void *ucnv_open(const char *name, UErrorCode *err) { (void)name; fail(err); return NULL; }
EXPORT void ucnv_close(void *c) { (void)c; }
EXPORT void ucnv_reset(void *c) { (void)c; }
EXPORT int8_t ucnv_getMaxCharSize(const void *c) { (void)c; return 1; }
EXPORT const char *ucnv_getName(const void *c, UErrorCode *err) { (void)c; fail(err); return NULL; }
EXPORT void ucnv_getToUCallBack(const void *c, void **a, const void **b) { (void)c; if (a) *a = NULL; if (b) *b = NULL; }
EXPORT void ucnv_getFromUCallBack(const void *c, void **a, const void **b) { (void)c; if (a) *a = NULL; if (b) *b = NULL; }
EXPORT void ucnv_setToUCallBack(void *c, void *n, const void *x, void **o, const void **ox, UErrorCode *err) { (void)c; (void)n; (void)x; (void)o; (void)ox; fail(err); }
EXPORT void ucnv_setFromUCallBack(void *c, void *n, const void *x, void **o, const void **ox, UErrorCode *err) { (void)c; (void)n; (void)x; (void)o; (void)ox; fail(err); }
EXPORT void ucnv_cbToUWriteUChars(void *a, const void *s, int32_t n, int32_t o, UErrorCode *err) { (void)a; (void)s; (void)n; (void)o; fail(err); }
EXPORT void ucnv_cbFromUWriteUChars(void *a, const void **s, const void *l, int32_t o, UErrorCode *err) { (void)a; (void)s; (void)l; (void)o; fail(err); }
EXPORT void ucnv_toUnicode(void *c, void **t, const void *tl, const char **s, const char *sl, int32_t *o, int8_t f, UErrorCode *err) { (void)c; (void)t; (void)tl; (void)s; (void)sl; (void)o; (void)f; fail(err); }
EXPORT void ucnv_fromUnicode(void *c, char **t, const char *tl, const void **s, const void *sl, int32_t *o, int8_t f, UErrorCode *err) { (void)c; (void)t; (void)tl; (void)s; (void)sl; (void)o; (void)f; fail(err); }
EXPORT int32_t ucnv_toUCountPending(const void *c, UErrorCode *err) { (void)c; fail(err); return 0; }
EXPORT int32_t ucnv_fromUCountPending(const void *c, UErrorCode *err) { (void)c; fail(err); return 0; }
EXPORT const char *ucnv_getStandardName(const char *n, const char *s, UErrorCode *err) { (void)n; (void)s; fail(err); return NULL; }
EXPORT const char *ucnv_getAvailableName(int32_t n) { (void)n; return NULL; }
EXPORT int32_t ucnv_countAvailable(void) { return 0; }
EXPORT void UCNV_FROM_U_CALLBACK_SUBSTITUTE(const void *a, void *b, const void *c, int32_t d, int32_t e, int f, UErrorCode *err) { (void)a; (void)b; (void)c; (void)d; (void)e; (void)f; fail(err); }
EXPORT void UCNV_TO_U_CALLBACK_SUBSTITUTE(const void *a, void *b, const char *c, int32_t d, int f, UErrorCode *err) { (void)a; (void)b; (void)c; (void)d; (void)f; fail(err); }
