package procedures

import (
	"fmt"
	"slices"
	"strings"

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
	return step(h, "", id, seed)
}

func step(h *rulebook.House, game, id string, seed uint64) (Question, error) {
	p, err := procs(h)
	if err != nil {
		return Question{}, err
	}
	sq := p.Sequence(id)
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
	// step's number follows from them).
	prompt := stop(GameName(sq.Game)+" — "+sq.Title) + "\nDone so far:\n"
	if done > 0 {
		prompt += fmt.Sprintf("%d. %s\n", done, steps[done-1])
	}
	prompt += fmt.Sprintf("%d. %s\nWhat is the next step?", done+1, steps[done])

	right := fmt.Sprintf("Step %d of %d: after “%s” comes “%s”.", next+1, n, steps[done], steps[next])
	q := Question{
		ID: sq.ID, Kind: KindNextStep, Game: sq.Game, Title: sq.Title, Prompt: prompt, Ref: sq.Ref,
		Explanation: right + "\nThe whole sequence: " + numbered(steps, 0),
		Choices:     make([]string, len(offered)), Why: make([]string, len(offered)),
	}
	for i, k := range r.Perm(len(offered)) {
		j := offered[k]
		q.Choices[i] = steps[j]
		switch {
		case j == next:
			q.Answer, q.Why[i] = i, right
		case j > next:
			q.Why[i] = fmt.Sprintf("Too early: this is step %d of %d; “%s” (step %d) comes first.", j+1, n, steps[next], next+1)
		default:
			q.Why[i] = fmt.Sprintf("Already done: this is step %d of %d, before “%s” (step %d).", j+1, n, steps[done], done+1)
		}
	}
	return q, nil
}

// Order returns an order question about sequence id at house h: the seed
// picks four consecutive steps and shows them under the letters A–D in a
// shuffled order; the choices are orders of the letters. Errors wrap
// ErrUnknown, ErrUnresolved or ErrWithheld.
func Order(h *rulebook.House, id string, seed uint64) (Question, error) {
	return order(h, "", id, seed)
}

func order(h *rulebook.House, game, id string, seed uint64) (Question, error) {
	p, err := procs(h)
	if err != nil {
		return Question{}, err
	}
	sq := p.Sequence(id)
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
	fmt.Fprintf(&prompt, "%s\nPut these steps in the order the dealer does them:", stop(GameName(sq.Game)+" — "+sq.Title))
	for label, off := range shown {
		letter[off] = string(rune('A' + label))
		fmt.Fprintf(&prompt, "\n%s. %s", letter[off], steps[start+off])
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
	right := "In order: " + numbered(steps[start:start+k], start)
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
		q.Why[i] = fmt.Sprintf("“%s” (step %d of %d) comes before “%s” (step %d).", steps[s], s+1, n, steps[s+1], s+2)
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
