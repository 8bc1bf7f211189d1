// {fmt}'s compiled part, built once for the static release (tools/release.sh, ATTN_STATIC).
//
// Debian ships {fmt} as headers and a shared library only (no libfmt.a). Every other build links
// that libfmt.so; the fully static attn cannot, and compiling fmt header-only would put its
// implementation (format-inl.h: Dragonbox, the locale hooks, vformat) into every translation
// unit that prints anything: about 3 s of CPU each, a minute and more of the release build. Here
// it is compiled once, as the library's own format.cc would be; the rest of attn includes
// <fmt/format.h> as a user of the compiled library does.
//
// What a translation unit of attn leaves to this one: the non-template functions of
// format-inl.h (defined here because FMT_HEADER_ONLY is not set), and the templates format.h
// declares `extern` or defines only in format-inl.h. Their explicit instantiations follow;
// a missing one is a link error naming it, never a silent difference.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
#if FMT_VERSION >= 100000   // {fmt} 10 (Debian 13) moved vformat_to's body here too
template FMT_API void vformat_to(buffer<char>&, string_view, typename vformat_args<>::type,
                                 locale_ref);
#endif

}  // namespace detail
FMT_END_NAMESPACE
