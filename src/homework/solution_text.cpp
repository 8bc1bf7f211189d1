// Worked solutions in Traditional Chinese, after the chapter's own solutions (section 04); the
// sentences that depend on the numbers (ties, how much is lost, how many orders of magnitude)
// are decided from the numbers (solution_numbers.hpp), so that a variant reads as true as the
// chapter does. The English is solution_text_en.cpp.
#include "homework/solution_text.hpp"

#include <fmt/format.h>

#include "homework/chapter_figures.hpp"
#include "homework/solution_numbers.hpp"

namespace attn::homework {

namespace {

using namespace worked;

const char* const kDigitsZh[] = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};

std::string zh_count(std::size_t n) { return n <= 10 ? kDigitsZh[n] : " " + std::to_string(n) + " "; }

std::string joined(const std::vector<double>& xs, std::string (*f)(double)) { return worked::joined(xs, f, "、"); }

std::string notes_for(const Solutions& solutions, const AnswerKey& key, int problem) {
    std::string out;
    const std::string prefix = "hw" + std::to_string(problem) + ".";
    for (const ChapterDiscrepancy& d : chapter_discrepancies(key, &solutions)) {
        if (d.key.rfind(prefix, 0) != 0) continue;
        out += fmt::format("註（關於原書）：{} 原書印 {}；精確值是 {}…，取{}應為 {}。", d.key, d.printed, d.exact,
                           d.precision == "4 decimal places" ? "四位小數" : d.precision, d.rounded);
        if (!d.graded) {
            out += "這是解答過程中的中間數（原書大概是把四捨五入後的數相加），不在答案卷上。\n";
        } else {
            out += d.within_one_unit ? "兩者只差末位一個單位，評分時都算對，原書那份答案照樣滿分。\n"
                                     : "差了不只一個單位，請以精確值為準。\n";
        }
    }
    return out;
}

std::string problem1(const Problem1Solution& s) {
    const auto& p = s.params;
    std::string out = "作業一：手算一組發言權，並看它怎麼被分數的尺度扭曲\n\n";
    out += fmt::format("題目：鍵向量 k1={}、k2={}、k3={}，維度 Dq = {}；第二位的查詢 q={}；（c）改用 q={}（方向不變、長度變 {} 倍）。\n\n",
                       vec(p.keys[0]), vec(p.keys[1]), vec(p.keys[2]), s.dq, vec(p.query), vec(s.query_c), p.scale);
    out += fmt::format("（a）內積分別是 k1·q = {}、k2·q = {}、k3·q = {}。除以 √{} ≈ {:.4f} 之後是 {}。取指數得 {}，總和 {:.4f}；三個權重就是 {}。",
                       num(s.scores[0]), num(s.scores[1]), num(s.scores[2]), s.dq, s.sqrt_dq, joined(s.scaled, num4),
                       joined(s.exp_scaled, num4), s.printed_sum_scaled, joined(s.weights_a, weight));
    if (const auto tie = tied_pair(s)) {
        out += fmt::format("第{}位與第{}位分數相同，所以分到一樣多，這是式子的必然結果，不是巧合。", zh_count(tie->first + 1),
                           zh_count(tie->second + 1));
    }
    out += "\n\n";

    const std::size_t top = top_key(s);
    out += fmt::format("（b）不縮放時取指數得 {}，總和 {:.4f}，權重是 {}。跟（a）比，分數最高的第{}位由 {} 升到 {}，第二位由 {} 降到 {}——分數的尺度變大，分布就變尖。\n\n",
                       joined(s.exp_unscaled, num4), s.printed_sum_unscaled, joined(s.weights_b, weight), zh_count(top + 1),
                       weight(s.weights_a[top]), weight(s.weights_b[top]), weight(s.weights_a[1]), weight(s.weights_b[1]));

    const int orders = orders_lost(s);
    out += fmt::format("（c）分數變成 {}，權重是 {}。第二位幾乎被歸零了。趨勢很清楚：分數的絕對尺度一放大，softmax 就從「分配比例」退化成「幾乎只挑一個」。"
                       "對梯度的意義在於 α(1−α)：（a）的第二項是 {} × {:.4f} ≈ {:.4f}，（c）的第二項是 {} × {} ≈ {}，",
                       joined(s.scores_c, num4), joined(s.weights_c, weight), weight(s.weights_a[1]), 1.0 - s.weights_a[1],
                       s.slope_a, weight(s.weights_c[1]), one_minus_weight_c(s), at_precision(s.slope_c, Precision::significant(3)));
    out += orders >= 1 ? fmt::format("掉了{}個數量級以上。", zh_count(static_cast<std::size_t>(orders)))
                       : std::string("小了許多。");
    out += "這一項乘進反向傳播的鏈條裡，那一路的梯度就幾乎沒了。除以 √Dq 正是為了阻止分數的尺度隨維度失控。\n";
    return out;
}

std::string problem2(const Problem2Solution& s) {
    const auto c = static_cast<std::size_t>(s.params.column);
    const std::vector<std::size_t> gone = removed_entries(s);
    std::string removed;
    for (std::size_t i = 0; i < gone.size(); ++i) removed += (i ? "、" : "") + std::to_string(gone[i]);
    const std::string removed_text = gone.size() == 1 ? "第 " + removed + " 項"
                                                      : "第 " + removed + " " +
                                                            (gone.size() == 2 ? std::string("兩") : zh_count(gone.size())) + "項";
    const std::string seed = seed_flag(s);

    std::string out = "作業二：為什麼遮罩一定要在 softmax 之前\n\n";
    out += fmt::format("題目：第三節那個未遮罩的注意力矩陣（attn attention{}），第 {} 欄是 {}（完整精度為 {}）。加上「只准看自己與前面」的遮罩後，{}不該存在。\n\n",
                       seed, c, column_rounded(s), joined(s.column_weights, num6), removed_text);

    std::string terms;
    for (std::size_t i = 0; i < c; ++i) terms += (i ? " + " : "") + num6(s.printed.kept[i]);
    out += fmt::format("（a）{} = {:.6f}。加起來不到 1，缺了 {:.6f}（約 {:.1f}%）。後果是 y_{} 從「值向量的加權平均」變成「加權後又整體縮小了 {:.2f} 倍」的東西，"
                       "而且縮小的倍率每一欄都不一樣——越靠前的位置被砍掉的比重越多、縮得越兇。這個尺度差本身沒有任何道理，純粹是做法錯了造成的。\n\n",
                       terms, s.printed.kept_sum, 1.0 - s.printed.kept_sum, 100.0 * (1.0 - s.printed.kept_sum), c,
                       s.printed.kept_sum);

    out += fmt::format("（b）各項除以 {:.6f}：", s.printed.kept_sum);
    for (std::size_t i = 0; i < c; ++i) {
        out += fmt::format("{}{} / {:.6f} = {:.6f}", i ? "，" : "", num6(s.printed.kept[i]), s.printed.kept_sum,
                           s.printed.renormalised[i]);
    }
    out += "。\n\n";

    std::string masked;
    for (const std::string& x : masked_column(s)) masked += (masked.empty() ? "" : "、") + x;
    out += fmt::format("（c）第六節程式（attn mask{}）印出的遮罩矩陣第 {} 欄，由上往下讀是 {}，", seed, c, masked);
    if (s.same_as_mask) {
        out += fmt::format("跟（b）的 {} 完全對得上（兩者最大只差 {:.1e}，是浮點捨入）。", joined(s.printed.renormalised, num6),
                           s.max_difference);
        out += "所以「事前壓成負無窮」和「事後歸零再重新歸一化」在數學上是同一件事——真正錯的只有（a）那種「歸零卻不重新歸一化」的做法。"
               "事前做的好處因此不是數值不同，而是三點：一、不必多寫一次正規化，錯的機率低；二、被遮住的那些分數根本不會被算進指數，省掉一批計算；"
               "三、也是最重要的，遮罩變成「打分階段的一個設定」，於是第六節那三種可見範圍可以用同一份程式碼、只換一個布林矩陣就切換過去。\n";
    } else {
        out += fmt::format("跟（b）的 {} 對不上（最大差 {:.3e}）——這表示核心的遮罩計算有問題，請回報。\n",
                           joined(s.printed.renormalised, num6), s.max_difference);
    }
    return out;
}

std::string problem3(const Problem3Solution& s) {
    const auto& p = s.params;
    const CostFormula& f = s.formula;
    const double d = static_cast<double>(p.d);
    const long a = f.linear_coefficient(), b = f.quadratic_coefficient();
    const std::string heads = heads_text(s, "、");

    std::string out = "作業三：參數量與計算量，哪一個怕長句子\n\n";
    out += fmt::format("題目：一層多頭自注意力有 H 個頭，總維度 D，每個頭維度 D/H，序列長度 N，忽略偏置；（c）取 D = {}，N 從 {} 變成 {}。\n\n",
                       p.d, p.n_short, p.n_long);

    const auto params_counted = counted_at(s, p.n_short, true);
    out += fmt::format("（a）每個頭有三組投影，各是 (D/H) × D，一個頭就是 {}D²/H；H 個頭合計 {}D²，跟 H 無關。加上混合矩陣 Ωc 的 {}，總參數量是 {}。"
                       "它與 N 完全無關——這正是第二節說的「參數量與序列長度無關」。以 D = {} 代入是 {} × {} = {}；",
                       f.projections, f.projections, coef(f.mixing, "D²"), coef(f.params_coefficient(), "D²"), p.d,
                       f.params_coefficient(), grouped(d * d), grouped(f.params(d)));
    out += all_equal(params_counted, f.params(d))
               ? fmt::format("attn multihead --d {} 在 H = {} 實際數到的參數都是 {}，相符。\n\n", p.d, heads, grouped(f.params(d)))
               : fmt::format("但 attn multihead --d {} 實際數到的是 {}，與式子不符！\n\n", p.d,
                             params_counted.empty() ? std::string("（無）") : grouped(static_cast<double>(params_counted[0])));

    out += fmt::format("（b）投影：{}（每個頭 {}(D/H)DN，乘上 H 個頭）。打分：{}（每個頭 N²(D/H)）。加權：同樣 {}。混合：{}。"
                       "總計 {} + {}。平方成長的是打分與加權那兩項，因為它們要跑遍所有位置配對。\n\n",
                       coef(f.projections, "D²N"), f.projections, coef(f.scoring, "N²D"), coef(f.weighting, "N²D"),
                       coef(f.mixing, "D²N"), coef(a, "D²N"), coef(b, "N²D"));

    auto expand = [&](long n) {
        const double nn = static_cast<double>(n);
        return fmt::format("{} × {} × {} + {} × {} × {} = {} + {} = {}", a, grouped(d * d), n, b, grouped(nn * nn), p.d,
                           grouped(f.linear(d, nn)), grouped(f.quadratic(d, nn)), grouped(f.muls(d, nn)));
    };
    const double growth = static_cast<double>(p.n_long) / static_cast<double>(p.n_short);
    out += fmt::format("（c）N = {}：{}。N = {}：{}。倍率是 {} / {} ≈ {:.2f}。", p.n_short, expand(p.n_short), p.n_long,
                       expand(p.n_long), grouped(static_cast<double>(s.muls_long)),
                       grouped(static_cast<double>(s.muls_short)), s.ratio);
    out += multiplications_agree(s) ? fmt::format("attn multihead 實際數到的乘法次數（H = {} 皆同）也是 {} 與 {}，與式子一致。", heads,
                               grouped(static_cast<double>(s.muls_short)), grouped(static_cast<double>(s.muls_long)))
                 : fmt::format("但 attn multihead 實際數到的是 {} 與 {}，與式子不符！", grouped(static_cast<double>(s.muls_short)),
                               grouped(static_cast<double>(s.muls_long)));
    out += fmt::format("注意兩項的成長速度完全不同：線性項變成 {} 倍，平方項變成 {} 倍。\n\n", num(growth, 2), num(growth * growth, 2));

    out += fmt::format("（d）令 {} > {}，兩邊同除以 {}ND（N, D 都是正的）得 N > {}。也就是說序列長度超過{}之後，打分那一塊才開始主導計算量。"
                       "以 D = {} 為例是 N = {}，此時兩項都是 {}，剛好相等",
                       coef(b, "N²D"), coef(a, "D²N"), b, threshold_text(f),
                       f.threshold_expression() == "2*D" ? "總維度的兩倍" : "這個門檻", p.d, s.n_equal,
                       grouped(s.muls_each));
    out += static_cast<double>(s.muls_equal) == 2.0 * s.muls_each
               ? fmt::format("（attn multihead --d {} --n {} 數到的總數 {} 正是兩倍）。", p.d, s.n_equal,
                             grouped(static_cast<double>(s.muls_equal)))
               : fmt::format("（但 attn multihead 數到的總數是 {}，不是兩倍！）。", grouped(static_cast<double>(s.muls_equal)));
    out += "這解釋了一件容易被誤會的事：短序列時平方項根本不是瓶頸，是把上下文拉長之後它才變成主角。\n";
    return out;
}

}  // namespace

std::string solution_text(const Solutions& solutions, const AnswerKey& key, int problem, render::Lang lang) {
    return lang == render::Lang::en ? solution_text_english(solutions, key, problem)
                                    : solution_text_chapter(solutions, key, problem);
}

std::string solution_text_chapter(const Solutions& solutions, const AnswerKey& key, int problem) {
    std::string out;
    if (!solutions.variant.is_chapter()) out += "（變體 " + solutions.variant.id + "：題目的數字由這個 ID 推導，與原書不同。）\n\n";
    bool first = true;
    for (int p = 1; p <= 3; ++p) {
        if (problem != 0 && problem != p) continue;
        if (!first) out += "\n";
        first = false;
        out += p == 1 ? problem1(solutions.p1) : p == 2 ? problem2(solutions.p2) : problem3(solutions.p3);
        const std::string notes = notes_for(solutions, key, p);
        if (!notes.empty()) out += "\n" + notes;
    }
    return out;
}

}  // namespace attn::homework
