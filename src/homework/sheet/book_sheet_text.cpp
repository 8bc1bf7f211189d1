// The book's problems' statements and questions as the sheet's comments, per language.
#include "homework/sheet/book_sheet_text.hpp"

#include <fmt/format.h>

#include "homework/key/book_key.hpp"
#include "homework/solutions/book_solution_text.hpp"

namespace attn::homework {

namespace {

using fmt::arg;

struct SheetWords {
    // headers[i] and questions[i][part] for 12.1, 12.3, 12.4, 12.7, 12.9 (kBookProblems' order).
    const char* headers[5];
    const char* questions[5][3];
    const char* choice;   // {number} {text}
};

const SheetWords kChapter{
    {"# 原書習題 12.1（p.239）：自注意力處理 N = {n} 個長度 D = {d} 的輸入，產生 N 個同樣長度的輸出；查詢、鍵、值的長度也是 D。\n",
     "# 原書習題 12.3（p.239）：證明對置換矩陣 P，Sa[XP] = Sa[X]P（證明不評分）。再用自己的 X 與 P 做數值驗證，\n"
     "# 例如 attn permutation --seed {seed} --perm {perm}（D = 6、N = 5、Dq = 4），或用 NumPy 自己寫。\n",
     "# 原書習題 12.4（p.239）：五個輸入的 softmax，z = ({z})。y_i = exp(z_i) / Σ_j exp(z_j)。\n"
     "# 答案寫到三位有效數字；很小的數用 1.23e-45 這種寫法。\n",
     "# 原書習題 12.7（p.239）：遮罩自注意力已處理 N = {n} 個詞元，它們的鍵與值已快取；寬度 D = {d}，單一注意力頭，\n"
     "# 查詢、鍵、值長度都是 D。現在多加一個詞元。只數乘法（偏置、指數與 softmax 的除法不算）。\n",
     "# 原書習題 12.9（p.239）：影像切成 {rows} × {cols} 的補丁網格，每個補丁有 {c} 個通道（DaViT）。\n"
     "# 只數注意力本身的乘法（分數與加權和；查詢、鍵、值的投影兩種做法一樣，不計入）。\n"},
    {{"# （a）計算查詢、鍵、值需要多少個權重與偏置？寫成 D 的式子，並代入 D。\n",
      "# （b）注意力權重 a[•,•] 有幾個？寫成 N 的式子，並代入 N。\n",
      "# （c）把全部 DN 個輸入連到全部 DN 個輸出的全連接網路有多少個權重與偏置？寫成式子，並代入。\n"},
     {"# （a）你的數值驗證裡 |Sa[XP] − Sa[X]P| 的最大項（小數六位）。\n",
      "# （b）Sa[XP] 與 Sa[X]P 是否相等（差距只是捨入）？\n",
      "# （c）X 加上位置編碼 E 之後，Sa[XP + E] 與 Sa[X + E]P 是否仍相等？\n"},
     {"# （a）五個輸出 y。\n",
      "# （b）全部 25 個偏導數 ∂y_i/∂z_j：dy1 是 ∂y1/∂z1 … ∂y1/∂z5 這一列，依此類推。\n",
      "# （c）你的結論是哪一個？寫它的編號。\n"},
     {"# （a）新詞元的投影、新的一列分數、值的加權和各要幾次乘法？合計多少？\n",
      "# （b）把合計寫成 D 與 N 的式子。\n",
      "# （b）\n"},
     {"# （a）補丁之間的注意力（每個補丁用全部通道）要幾次乘法？\n",
      "# （b）通道之間的注意力（每個通道用全部補丁）要幾次乘法？\n",
      "# （c）（a）是（b）的幾倍？\n"}},
    "#   {number}. {text}\n",
};

const SheetWords kEnglish{
    {"# Book problem 12.1 (p. 239): self-attention takes N = {n} inputs of length D = {d} to N outputs of the same size; the queries, keys and values are of length D too.\n",
     "# Book problem 12.3 (p. 239): show that Sa[XP] = Sa[X]P for a permutation matrix P (the proof is not graded). Then check it numerically with your own X and P,\n"
     "# e.g. attn permutation --seed {seed} --perm {perm} (D = 6, N = 5, Dq = 4), or in NumPy.\n",
     "# Book problem 12.4 (p. 239): the softmax of five inputs, z = ({z}). y_i = exp(z_i) / Σ_j exp(z_j).\n"
     "# Give 3 significant figures; write tiny numbers as 1.23e-45.\n",
     "# Book problem 12.7 (p. 239): masked self-attention has processed N = {n} tokens, their keys and values cached; width D = {d}, one head,\n"
     "# queries, keys and values of length D. One more token arrives. Count multiplications only (not biases, exponentials or the softmax's divisions).\n",
     "# Book problem 12.9 (p. 239): an image cut into a {rows} × {cols} grid of patches, {c} channels each (DaViT).\n"
     "# Count the multiplications of the attention itself (the scores and the weighted sum; the projections cost the same either way and are left out).\n"},
    {{"# (a) How many weights and biases compute the queries, keys and values? As an expression in D, and at D.\n",
      "# (b) How many attention weights a[•,•] are there? As an expression in N, and at N.\n",
      "# (c) How many weights and biases has a fully connected network from all DN inputs to all DN outputs? As an expression, and its value.\n"},
     {"# (a) The largest entry of |Sa[XP] − Sa[X]P| in your numeric check (6 decimal places).\n",
      "# (b) Are Sa[XP] and Sa[X]P equal (up to rounding)?\n",
      "# (c) With a positional encoding E added to X, are Sa[XP + E] and Sa[X + E]P still equal?\n"},
     {"# (a) The five outputs y.\n",
      "# (b) All 25 derivatives ∂y_i/∂z_j: dy1 is the row ∂y1/∂z1 … ∂y1/∂z5, and so on.\n",
      "# (c) What do you conclude? Write the number of your conclusion.\n"},
     {"# (a) How many multiplications do the new token's projections, the new row of scores and the weighted sum of the values take? And in total?\n",
      "# (b) Write the total as an expression in D and N.\n",
      "# (b)\n"},
     {"# (a) How many multiplications does attention between patches (each patch using all channels) take?\n",
      "# (b) How many does attention between channels (each channel using all patches) take?\n",
      "# (c) How many times (b) is (a)?\n"}},
    "#   {number}. {text}\n",
};

std::size_t index_of(int problem) {
    for (std::size_t i = 0; i < kBookProblems.size(); ++i) {
        if (kBookProblems[i] == problem) return i;
    }
    return 0;
}

}  // namespace

std::string book_sheet_header(const BookSolutions& s, int problem, render::Lang lang) {
    const SheetWords& w = lang == render::Lang::en ? kEnglish : kChapter;
    std::string z, perm;
    for (std::size_t i = 0; i < 5; ++i) {
        z += (i ? ", " : "") + std::to_string(s.b4.params.z[i]);
        perm += (i ? "," : "") + std::to_string(s.b3.params.perm[i]);
    }
    return fmt::format(fmt::runtime(w.headers[index_of(problem)]), arg("n", problem == kBook12_7 ? s.b7.params.n : s.b1.params.n),
                       arg("d", problem == kBook12_7 ? s.b7.params.d : s.b1.params.d), arg("seed", s.b3.params.seed),
                       arg("perm", perm), arg("z", z), arg("rows", s.b9.params.rows), arg("cols", s.b9.params.cols),
                       arg("c", s.b9.params.channels));
}

std::string book_sheet_question(const BookSolutions& s, int problem, const std::string& part, render::Lang lang) {
    (void)s;
    const SheetWords& w = lang == render::Lang::en ? kEnglish : kChapter;
    const std::size_t index = part == "a" ? 0 : part == "b" ? 1 : 2;
    std::string out = w.questions[index_of(problem)][index];
    if (problem == kBook12_4 && part == "c") {
        for (int n = 1; n <= kBook12_4Choices; ++n) {
            out += fmt::format(fmt::runtime(w.choice), arg("number", n), arg("text", book12_4_choice(n, lang)));
        }
    }
    return out;
}

}  // namespace attn::homework
