package procedures

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// orderSize is how many steps an order question shows: four steps give
// exactly three wrong orders that each swap two neighbouring steps, the
// mistake dealers actually make.
const orderSize = 4

// Step returns a next-step question about sequence id at house h: the seed
// picks the step just done; the wrong choices are the steps nearest the right
// one (skipping ahead first, then going back). Errors wrap ErrUnknown,
// ErrUnresolved or ErrWithheld.
func Step(h *rulebook.House, id string, seed uint64) (Question, error) {
	return step(h, i18n.Source, "", id, seed)
}

func step(h *rulebook.House, lang, game, id string, seed uint64) (Question, error) {
	p, err := procs(h)
	if err != nil {
		return Question{}, err
	}
	l := i18n.Default().Localizer(lang)
	sq := p.SequenceIn(lang, id)
	if sq == nil {
		return Question{}, notFound(p, "sequence", id)
	}
	if _, err := at(p, game, sq.Game, id, seed); err != nil {
		return Question{}, err
	}
	r := newRand(seed, string(KindNextStep)+":"+id)
	steps, n := sq.Steps, len(sq.Steps)
	done := r.IntN(n - 1)
	next := done + 1

	// Wrong choices, most tempting first: the steps after the right one
	// (skipping ahead), nearest first; then earlier steps not shown in the
	// prompt; the step shown before the last one only if a short sequence
	// needs it.
	var others []int
	for j := next + 1; j < n; j++ {
		others = append(others, j)
	}
	for j := done - 2; j >= 0; j-- {
		others = append(others, j)
	}
	if done >= 1 {
		others = append(others, done-1)
	}
	offered := append([]int{next}, others[:min(3, len(others))]...)

	// The steps done are a numbered list, one a line, numbered as in the
	// sequence, so that a screen can show them as a list (and the next
	// step's number follows from them). Each ends with a full stop, so that
	// a page that runs the lines together still reads them as steps.
	prompt := stop(GameName(sq.Game)+" — "+sq.Title) + "\n" + l.T("procedure_text.done_so_far") + "\n"
	if done > 0 {
		prompt += fmt.Sprintf("%d. %s\n", done, stop(steps[done-1]))
	}
	prompt += fmt.Sprintf("%d. %s\n", done+1, stop(steps[done])) + l.T("procedure_text.next_step")

	right := l.T("procedure_text.step_right", "Next", next+1, "Total", n, "Done", steps[done], "Step", steps[next])
	q := Question{
		ID: sq.ID, Kind: KindNextStep, Game: sq.Game, Title: sq.Title, Prompt: prompt, Ref: sq.Ref,
		Explanation: right + "\n" + l.T("procedure_text.whole", "Steps", numbered(steps, 0)),
		Choices:     make([]string, len(offered)), Why: make([]string, len(offered)),
	}
	for i, k := range r.Perm(len(offered)) {
		j := offered[k]
		q.Choices[i] = steps[j]
		switch {
		case j == next:
			q.Answer, q.Why[i] = i, right
		case j > next:
			q.Why[i] = l.T("procedure_text.too_early", "N", j+1, "Total", n, "Step", steps[next], "Next", next+1)
		default:
			q.Why[i] = l.T("procedure_text.already_done", "N", j+1, "Total", n, "Step", steps[done], "Done", done+1)
		}
	}
	return q, nil
}

// Order returns an order question about sequence id at house h: the seed
// picks four consecutive steps and shows them under the letters A–D in a
// shuffled order; the choices are orders of the letters. Errors wrap
// ErrUnknown, ErrUnresolved or ErrWithheld.
func Order(h *rulebook.House, id string, seed uint64) (Question, error) {
	return order(h, i18n.Source, "", id, seed)
}

func order(h *rulebook.House, lang, game, id string, seed uint64) (Question, error) {
	p, err := procs(h)
	if err != nil {
		return Question{}, err
	}
	l := i18n.Default().Localizer(lang)
	sq := p.SequenceIn(lang, id)
	if sq == nil {
		return Question{}, notFound(p, "sequence", id)
	}
	if _, err := at(p, game, sq.Game, id, seed); err != nil {
		return Question{}, err
	}
	r := newRand(seed, string(KindOrder)+":"+id)
	steps, n := sq.Steps, len(sq.Steps)
	k := min(orderSize, n)
	start := r.IntN(n - k + 1)

	shown := r.Perm(k) // shown[label] = the step's offset in the window
	letter := make([]string, k)
	var prompt strings.Builder
	fmt.Fprintf(&prompt, "%s\n%s", stop(GameName(sq.Game)+" — "+sq.Title), l.T("procedure_text.order_prompt"))
	for label, off := range shown {
		letter[off] = string(rune('A' + label))
		fmt.Fprintf(&prompt, "\n%s. %s", letter[off], stop(steps[start+off]))
	}

	// The right order, then each order with two neighbouring steps swapped.
	orders := [][]int{make([]int, k)}
	for off := range k {
		orders[0][off] = off
	}
	for s := range k - 1 {
		o := slices.Clone(orders[0])
		o[s], o[s+1] = o[s+1], o[s]
		orders = append(orders, o)
	}
	right := l.T("procedure_text.in_order", "Steps", numbered(steps[start:start+k], start))
	q := Question{
		ID: sq.ID, Kind: KindOrder, Game: sq.Game, Title: sq.Title, Prompt: prompt.String(), Ref: sq.Ref,
		Explanation: right,
		Choices:     make([]string, len(orders)), Why: make([]string, len(orders)),
	}
	for i, c := range r.Perm(len(orders)) {
		var ls []string
		for _, off := range orders[c] {
			ls = append(ls, letter[off])
		}
		q.Choices[i] = strings.Join(ls, " → ")
		if c == 0 {
			q.Answer, q.Why[i] = i, right
			continue
		}
		s := start + c - 1 // orders[c] swaps window offsets c-1 and c
		q.Why[i] = l.T("procedure_text.before", "Step", steps[s], "N", s+1, "Total", n, "Next", steps[s+1], "M", s+2)
	}
	return q, nil
}

// numbered lists steps as "3. … 4. …", counting from first+1.
func numbered(steps []string, first int) string {
	var b strings.Builder
	for i, s := range steps {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "%d. %s", first+i+1, stop(s))
	}
	return b.String()
}
