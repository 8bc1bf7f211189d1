// The worked solutions' wording: the chapter's (zh-TW, after its section 04, 作業和解答) and the
// English with the terms of UDL chapter 12 (queries, keys and values, scaled dot-product
// self-attention, causal masking, multi-head self-attention, the mixing matrix Ωc), paragraph for
// paragraph and line for line, the numbers in the same order within each line (tests/cli/lang_test.py
// checks this). The sentences that depend on the numbers are chosen by solution_text.cpp.
#include "homework/solutions/solution_words.hpp"

namespace attn::homework {

namespace {

// ---- zh-TW ---------------------------------------------------------------------------------------

// Small numbers in characters, as the chapter writes 第二位; past ten, digits set off by spaces.
std::string zh_count(std::size_t n) {
    static const char* const digits[] = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};
    return n <= 10 ? digits[n] : " " + std::to_string(n) + " ";
}

// "第 5 項", "第 4、5 兩項", "第 3、4、5 三項".
std::string zh_entries(const std::vector<std::size_t>& list) {
    std::string numbers;
    for (std::size_t i = 0; i < list.size(); ++i) numbers += (i ? "、" : "") + std::to_string(list[i]);
    if (list.size() == 1) return "第 " + numbers + " 項";
    return "第 " + numbers + " " + (list.size() == 2 ? std::string("兩") : zh_count(list.size())) + "項";
}

const SolutionWords kChapter = {
    "、",
    "，",
    zh_count,
    zh_count,
    zh_entries,

    "（變體 {id}：題目的數字由這個 ID 推導，與原書不同。）\n\n",
    "註（關於原書）：{key} 原書印 {printed}；精確值是 {exact}…，取{precision}應為 {rounded}。",
    "四位小數",
    "這是解答過程中的中間數（原書大概是把四捨五入後的數相加），不在答案卷上。\n",
    "兩者只差末位一個單位，評分時都算對，原書那份答案照樣滿分。\n",
    "差了不只一個單位，請以精確值為準。\n",

    "作業一：手算一組發言權，並看它怎麼被分數的尺度扭曲\n\n",
    "題目：鍵向量 k1={k1}、k2={k2}、k3={k3}，維度 Dq = {dq}；第二位的查詢 q={q}；（c）改用 q={q_c}（方向不變、長度變 {scale} 倍）。\n\n",
    "（a）內積分別是 k1·q = {s1}、k2·q = {s2}、k3·q = {s3}。除以 √{dq} ≈ {sqrt_dq:.4f} 之後是 {scaled}。取指數得 {exp}，總和 {sum:.4f}；三個權重就是 {weights}。",
    "第{first}位與第{second}位分數相同，所以分到一樣多，這是式子的必然結果，不是巧合。",
    "（b）不縮放時取指數得 {exp}，總和 {sum:.4f}，權重是 {weights}。跟（a）比，分數最高的第{top}位由 {top_a} 升到 {top_b}，第二位由 {second_a} 降到 {second_b}——分數的尺度變大，分布就變尖。\n\n",
    "（c）分數變成 {scores}，權重是 {weights}。第二位幾乎被歸零了。趨勢很清楚：分數的絕對尺度一放大，softmax 就從「分配比例」退化成「幾乎只挑一個」。"
    "對梯度的意義在於 α(1−α)：（a）的第二項是 {weight_a} × {one_minus_a:.4f} ≈ {slope_a:.4f}，（c）的第二項是 {weight_c} × {one_minus_c} ≈ {slope_c}，",
    "掉了一個數量級以上。",
    "掉了{count}個數量級以上。",
    "小了許多。",
    "這一項乘進反向傳播的鏈條裡，那一路的梯度就幾乎沒了。除以 √Dq 正是為了阻止分數的尺度隨維度失控。\n",

    "作業二：為什麼遮罩一定要在 softmax 之前\n\n",
    "題目：第三節那個未遮罩的注意力矩陣（attn attention{seed}），第 {column} 欄是 {rounded}（完整精度為 {full}）。加上「只准看自己與前面」的遮罩後，{removed}不該存在。\n\n",
    "（a）{terms} = {sum:.6f}。加起來不到 1，缺了 {short:.6f}（約 {percent:.1f}%）。後果是 y_{column} 從「值向量的加權平均」變成「加權後又整體縮小了 {sum:.2f} 倍」的東西，"
    "而且縮小的倍率每一欄都不一樣——越靠前的位置被砍掉的比重越多、縮得越兇。這個尺度差本身沒有任何道理，純粹是做法錯了造成的。\n\n",
    "（b）各項除以 {sum:.6f}：",
    "{sep}{kept} / {sum:.6f} = {renormalised:.6f}",
    "。\n\n",
    "（c）第六節程式（attn mask{seed}）印出的遮罩矩陣第 {column} 欄，由上往下讀是 {masked}，",
    "跟（b）的 {renormalised} 完全對得上（兩者最大只差 {difference:.1e}，是浮點捨入）。"
    "所以「事前壓成負無窮」和「事後歸零再重新歸一化」在數學上是同一件事——真正錯的只有（a）那種「歸零卻不重新歸一化」的做法。"
    "事前做的好處因此不是數值不同，而是三點：一、不必多寫一次正規化，錯的機率低；二、被遮住的那些分數根本不會被算進指數，省掉一批計算；"
    "三、也是最重要的，遮罩變成「打分階段的一個設定」，於是第六節那三種可見範圍可以用同一份程式碼、只換一個布林矩陣就切換過去。\n",
    "跟（b）的 {renormalised} 對不上（最大差 {difference:.3e}）——這表示核心的遮罩計算有問題，請回報。\n",

    "作業三：參數量與計算量，哪一個怕長句子\n\n",
    "題目：一層多頭自注意力有 H 個頭，總維度 D，每個頭維度 D/H，序列長度 N，忽略偏置；（c）取 D = {d}，N 從 {n_short} 變成 {n_long}。\n\n",
    "（a）每個頭有三組投影，各是 (D/H) × D，一個頭就是 {projections}D²/H；H 個頭合計 {projections}D²，跟 H 無關。加上混合矩陣 Ωc 的 {mixing}，總參數量是 {total}。"
    "它與 N 完全無關——這正是第二節說的「參數量與序列長度無關」。以 D = {d} 代入是 {coefficient} × {d_squared} = {params}；",
    "attn multihead --d {d} 在 H = {heads} 實際數到的參數都是 {params}，相符。\n\n",
    "但 attn multihead --d {d} 實際數到的是 {counted}，與式子不符！\n\n",
    "（無）",
    "（b）投影：{projections}（每個頭 {per_head}(D/H)DN，乘上 H 個頭）。打分：{scoring}（每個頭 N²(D/H)）。加權：同樣 {weighting}。混合：{mixing}。"
    "總計 {linear} + {quadratic}。平方成長的是打分與加權那兩項，因為它們要跑遍所有位置配對。\n\n",
    "（c）N = {n_short}：{expand_short}。N = {n_long}：{expand_long}。倍率是 {muls_long} / {muls_short} ≈ {ratio:.2f}。",
    "attn multihead 實際數到的乘法次數（H = {heads} 皆同）也是 {muls_short} 與 {muls_long}，與式子一致。",
    "但 attn multihead 實際數到的是 {muls_short} 與 {muls_long}，與式子不符！",
    "注意兩項的成長速度完全不同：線性項變成 {linear} 倍，平方項變成 {quadratic} 倍。\n\n",
    "（d）令 {quadratic} > {linear}，兩邊同除以 {b}ND（N, D 都是正的）得 N > {threshold}。也就是說序列長度超過{threshold_words}之後，打分那一塊才開始主導計算量。"
    "以 D = {d} 為例是 N = {n_equal}，此時兩項都是 {each}，剛好相等",
    "總維度的兩倍",
    "這個門檻",
    "（attn multihead --d {d} --n {n_equal} 數到的總數 {total} 正是兩倍）。",
    "（但 attn multihead 數到的總數是 {total}，不是兩倍！）。",
    "這解釋了一件容易被誤會的事：短序列時平方項根本不是瓶頸，是把上下文拉長之後它才變成主角。\n",
};

// ---- en ------------------------------------------------------------------------------------------

std::string digits(std::size_t n) { return std::to_string(n); }

// Small counts in words, as running text writes them ("three orders of magnitude"); past ten, digits.
std::string count_word(std::size_t n) {
    static const char* const words[] = {"zero", "one", "two",   "three", "four", "five",
                                        "six",  "seven", "eight", "nine", "ten"};
    return n <= 10 ? words[n] : std::to_string(n);
}

// "entry 5", "entries 4 and 5", "entries 3, 4 and 5".
std::string en_entries(const std::vector<std::size_t>& list) {
    std::string out = list.size() == 1 ? "entry " : "entries ";
    for (std::size_t i = 0; i < list.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == list.size() ? " and " : ", ") + std::to_string(list[i]);
    }
    return out;
}

const SolutionWords kEnglish = {
    ", ",
    ", ",
    digits,
    count_word,
    en_entries,

    "(Variant {id}: the numbers of these problems are derived from this ID and differ from the chapter's.)\n\n",
    "Note on the chapter ({key}): it prints {printed}; the exact value is {exact}…, which to {precision} is {rounded}. ",
    "4 decimal places",
    "This is an intermediate figure of the worked solution (the chapter probably added the rounded terms), not an "
    "answer on the sheet.\n",
    "The two differ by one unit in the last place, so the grader accepts both, and the chapter's answer still gets "
    "full marks.\n",
    "They differ by more than one unit in the last place: go by the exact value.\n",

    "Homework 1: attention weights by hand, and how the scale of the scores distorts them\n\n",
    "Problem: keys k1={k1}, k2={k2}, k3={k3} of dimension Dq = {dq}; the second attendee's query is q={q}; in (c) "
    "the query becomes q={q_c} (the same direction, {scale} times as long).\n\n",
    "(a) The dot products are k1·q = {s1}, k2·q = {s2}, k3·q = {s3}. Divided by √{dq} ≈ {sqrt_dq:.4f} they become "
    "{scaled}. Their exponentials are {exp}, which sum to {sum:.4f}, so the three weights are {weights}.",
    " Keys k{first} and k{second} have the same score, so they get the same weight: that follows from the formula; "
    "it is no coincidence.",
    "(b) Without scaling the exponentials are {exp}, which sum to {sum:.4f}, and the weights are {weights}. Compared "
    "with (a), the weight of the highest-scoring key, k{top}, rises from {top_a} to {top_b}, and that of k2 falls "
    "from {second_a} to {second_b}: the larger the scale of the scores, the sharper the distribution.\n\n",
    "(c) The scores become {scores} and the weights {weights}: the weight of k2 is all but zero. The trend is clear: "
    "once the absolute scale of the scores grows, the softmax degenerates from sharing out the weight to all but "
    "picking a single key. For the gradient, what matters is α(1−α), the derivative of a weight with respect to its "
    "own score: for the second weight it is {weight_a} × {one_minus_a:.4f} ≈ {slope_a:.4f} in (a), and {weight_c} × "
    "{one_minus_c} ≈ {slope_c} in (c), ",
    "at least an order of magnitude smaller.",
    "at least {count} orders of magnitude smaller.",
    "much smaller.",
    " This factor is multiplied into the chain rule of backpropagation, so the gradient along that path all but "
    "vanishes. Dividing by √Dq is there precisely to stop the scale of the scores from growing out of control with "
    "the dimension.\n",

    "Homework 2: why the mask must come before the softmax\n\n",
    "Problem: in the unmasked attention matrix of section 3 (attn attention{seed}), column {column} is {rounded} "
    "({full} at full precision). With the mask that lets each position see only itself and the positions before it "
    "(causal masking), {removed} should not be there at all.\n\n",
    "(a) {terms} = {sum:.6f}. The sum falls short of 1 by {short:.6f} (about {percent:.1f}%). As a result, "
    "y_{column} is no longer a weighted average of the values but a weighted average scaled down as a whole by a "
    "factor of {sum:.2f}, and that factor differs from column to column: the earlier the position, the more of its "
    "weight is cut off and the more it shrinks. This difference in scale has no justification at all; it comes "
    "purely from doing it the wrong way.\n\n",
    "(b) Dividing each weight by {sum:.6f}: ",
    "{sep}{kept} / {sum:.6f} = {renormalised:.6f}",
    ".\n\n",
    "(c) In the masked matrix printed by the program of section 6 (attn mask{seed}), column {column} reads, from top "
    "to bottom, {masked}, ",
    "which matches the {renormalised} of (b) digit for digit (the largest difference, {difference:.1e}, is "
    "floating-point rounding). So setting the masked scores to minus infinity before the softmax, and zeroing them "
    "after it and renormalising, are mathematically the same thing; the only wrong way is that of (a), zeroing "
    "without renormalising. The advantage of masking first is therefore not different numbers but three other "
    "things. First, there is no extra normalisation to write, so there is less to get wrong. Second, the masked "
    "scores never enter the exponentials at all, which saves part of the computation. Third, and most important, "
    "the mask becomes a setting of the scoring step, so the three kinds of visibility in section 6 all run on the "
    "same code, switched by swapping a single boolean matrix.\n",
    "which does not match the {renormalised} of (b) (largest difference {difference:.3e}): the core's masking is "
    "wrong; please report it.\n",

    "Homework 3: parameters or computation, which one fears long sequences?\n\n",
    "Problem: one layer of multi-head self-attention with H heads, total dimension D, D/H per head and sequence "
    "length N, biases ignored; in (c), D = {d} and N goes from {n_short} to {n_long}.\n\n",
    "(a) Each head has three projections (for its queries, keys and values), each (D/H) × D, so one head has "
    "{projections}D²/H parameters; the H heads together have {projections}D², whatever H is. Adding the {mixing} of "
    "the mixing matrix Ωc gives {total} in total. This does not depend on N at all: it is what section 2 means by "
    "\"the number of parameters does not depend on the length of the sequence\". At D = {d} it is {coefficient} × "
    "{d_squared} = {params}; ",
    "attn multihead --d {d} with H = {heads} counts {params} parameters every time, as it should.\n\n",
    "but attn multihead --d {d} counts {counted}, which does not match the formula!\n\n",
    "(none)",
    "(b) Projections: {projections} ({per_head}(D/H)DN per head, times H heads). Scoring: {scoring} (N²(D/H) per "
    "head). Weighting: likewise {weighting}. Mixing: {mixing}. Total: {linear} + {quadratic}. The terms that grow "
    "quadratically are scoring and weighting, because they run over every pair of positions.\n\n",
    "(c) N = {n_short}: {expand_short}. N = {n_long}: {expand_long}. The ratio is {muls_long} / {muls_short} ≈ "
    "{ratio:.2f}. ",
    "The multiplications attn multihead counts (the same for H = {heads}) are also {muls_short} and {muls_long}, as "
    "the formula says.",
    "But attn multihead counts {muls_short} and {muls_long}, which does not match the formula!",
    " Note how differently the two parts grow: the linear terms by a factor of {linear}, the quadratic terms by a "
    "factor of {quadratic}.\n\n",
    "(d) Setting {quadratic} > {linear} and dividing both sides by {b}ND (N and D are both positive) gives N > "
    "{threshold}. In other words, the quadratic part (scoring and weighting) starts to dominate the computation only "
    "once the sequence is longer than {threshold_words}. At D = {d} that is N = {n_equal}, where the two parts are "
    "both {each}, exactly equal",
    "twice the total dimension",
    "this threshold",
    " (attn multihead --d {d} --n {n_equal} counts a total of {total}, exactly twice that).",
    " (but attn multihead counts a total of {total}, not twice that!).",
    " This clears up a common misunderstanding: for short sequences the quadratic part is no bottleneck at all; it "
    "takes the leading role only once the context grows long.\n",
};

}  // namespace

const SolutionWords& solution_words(render::Lang lang) { return lang == render::Lang::en ? kEnglish : kChapter; }

}  // namespace attn::homework
