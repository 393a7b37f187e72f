package drills

import (
	"math/rand/v2"
	"slices"
)

// choiceSet collects the options of a multiple-choice drill: the key and
// the wrong answers, each with the rule it breaks. Flipped-rule answers are
// added first, then slips; finish keeps the first n-1 distinct wrong answers
// that differ from the key, shuffles, and numbers the choices from 1.
type choiceSet struct {
	key   string
	wrong []Mistake // Key.Choice unset until finish; the text is in text
	texts []string
	// refs are the section ids the key rests on (cite).
	refs []string
	// right, when set, reports a text that is a right answer as well as
	// the key (the same hand in other cards of the box): add drops it.
	right func(text string) bool
}

// cite adds the section ids the key rests on, each once.
func (c *choiceSet) cite(ids ...string) {
	for _, id := range ids {
		if id != "" && !slices.Contains(c.refs, id) {
			c.refs = append(c.refs, id)
		}
	}
}

// add offers a wrong answer; one equal to the key or to an earlier one,
// or one that is right too (right), is dropped. rule is the section id of
// the rule the answer breaks.
func (c *choiceSet) add(text, id, rule, explanation string) {
	if text == "" || text == c.key || slices.Contains(c.texts, text) || c.right != nil && c.right(text) {
		return
	}
	c.texts = append(c.texts, text)
	c.wrong = append(c.wrong, Mistake{ID: id, Rule: rule, Explanation: explanation})
}

// enough reports whether n choices can be offered.
func (c *choiceSet) enough(n int) bool { return len(c.texts) >= n-1 }

// finish returns the choices (the key and up to n-1 wrong answers, in an
// order drawn from rng), the key's number counting from 1, and a Mistake for
// each wrong choice.
func (c *choiceSet) finish(rng *rand.Rand, n int) (choices []string, key int, mistakes []Mistake) {
	k := min(n-1, len(c.texts))
	all := append([]string{c.key}, c.texts[:k]...)
	order := rng.Perm(len(all))
	choices = make([]string, len(all))
	for pos, i := range order {
		choices[pos] = all[i]
		if i == 0 {
			key = pos + 1
			continue
		}
		m := c.wrong[i-1]
		m.Choice = pos + 1
		mistakes = append(mistakes, m)
	}
	slices.SortFunc(mistakes, func(a, b Mistake) int { return a.Choice - b.Choice })
	return choices, key, mistakes
}
