#pragma once
// A heatmap as plain data (values, labels, which cells are masked, how values map to colours) and
// its terminal form: each cell a coloured background with its value printed in it. The same
// Heatmap feeds the SVG writer (render/svg/heatmap_svg), so both pictures agree cell for cell.
#include <cstddef>
#include <string>
#include <vector>

#include "render/palette.hpp"

namespace attn::render {

struct Heatmap {
    std::string title;                        // one line above the grid
    std::string axes;                         // one line: what the rows and the columns are
    std::vector<std::string> row_labels;      // one per row (positions, or the lesson's characters)
    std::vector<std::string> column_labels;   // one per column
    std::size_t rows = 0, columns = 0;
    std::vector<double> values;               // rows x columns, C order
    std::vector<bool> masked;                 // empty, or rows x columns: true where the mask removed
                                              // the score (drawn as a grey cell with a centred dot)
    Scale scale = Scale::weights;
    int decimals = 3;                         // digits after the point in each cell
    double limit = 0;                         // a signed map's colour range ±limit; 0: its values'
};

// Throws std::logic_error (an internal error, exit 70) unless every row and column has one label
// and one value per cell (and one mask flag, when masked): both renderers index by row and column.
void check_shape(const Heatmap& h);
// The colour range of a signed heatmap: `limit` when set (maps compared side by side share one),
// else the largest finite |value| of its unmasked cells.
double colour_limit(const Heatmap& h);
bool is_masked(const Heatmap& h, std::size_t row, std::size_t column);
// `decimals` fixed digits, "-0.000" written "0.000": the numbers of cells, legends and SVG labels;
// NaN and infinities as NumPy prints them: "nan", "inf", "-inf".
std::string fixed_text(double v, int decimals);
// A cell's text: fixed `decimals` digits, "-0.000" written "0.000"; "." for a masked cell (ASCII:
// "·" is ambiguous-width and takes two columns in CJK terminals set to wide mode).
std::string cell_text(const Heatmap& h, std::size_t row, std::size_t column);
// The colour of an unmasked cell (the same in the terminal before quantising and in SVG);
// kNotANumber for NaN.
Rgb cell_colour(const Heatmap& h, std::size_t row, std::size_t column);

// The masked cells' colours in the terminal: dark grey behind a light grey dot.
inline constexpr Rgb kMaskedBackground{0x30, 0x30, 0x30};
inline constexpr Rgb kMaskedDot{0xa8, 0xa8, 0xa8};

// A cell whose value is NaN (the UDL notebooks' softmax overflows without a max subtracted, as
// NumPy does): mid grey, outside both palettes, so it never reads as a weight of 0 or a value of 0.
inline constexpr Rgb kNotANumber{0x80, 0x80, 0x80};

// How many colours the terminal shows; `none` prints the plain grid of values.
enum class ColourDepth { none, ansi16, xterm256, truecolor };

// The heatmap as terminal lines: title, axes, a header of column labels, one line per row
// (row label, then the cells, each its value centred in coloured spaces), and with colour a
// legend bar. Every coloured line ends with a reset (ESC[0m) before its newline.
// `width` > 0: the terminal's columns. A grid wider than that is drawn with fewer decimals (down to
// one, said on a line under the axes); when even that is too wide, a line in place of the grid
// says so and points to --svg. 0: drawn as it is.
std::string heatmap_text(const Heatmap& h, ColourDepth depth, std::size_t width = 0);
// The grid's width in terminal columns (row labels, then the cells), as heatmap_text draws it.
std::size_t grid_width(const Heatmap& h);

}  // namespace attn::render
