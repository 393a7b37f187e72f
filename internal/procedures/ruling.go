package procedures

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Ruling returns the ruling question for situation id at house h: its
// variant (the values of its placeholders) and the order of its choices are
// drawn from seed. A common situation is asked at a game drawn from the
// seed among those where it arises (New). Errors wrap ErrUnknown,
// ErrUnresolved or ErrWithheld.
func Ruling(h *rulebook.House, id string, seed uint64) (Question, error) {
	return ruling(h, i18n.Source, "", id, seed)
}

func ruling(h *rulebook.House, lang, game, id string, seed uint64) (Question, error) {
	p, err := procs(h)
	if err != nil {
		return Question{}, err
	}
	// The situation's texts in lang: the same vars, values and choices in
	// the same order as the English, so that the draws below are the same.
	s := p.SituationIn(lang, id)
	if s == nil {
		return Question{}, notFound(p, "situation", id)
	}
	game, err = at(p, game, s.Game, id, seed)
	if err != nil {
		return Question{}, err
	}
	r := newRand(seed, string(KindRuling)+":"+id)
	fill := variant(r, s.Vars, p.Boxes[s.Game], GameName(game))
	ruling := fill(s.Ruling)
	q := Question{
		ID: s.ID, Kind: KindRuling, Game: s.Game, Title: s.Title, Prompt: fill(s.Prompt), Ref: s.Ref,
		Explanation: ruling,
		Choices:     make([]string, len(s.Choices)), Why: make([]string, len(s.Choices)),
	}
	for i, j := range r.Perm(len(s.Choices)) {
		c := s.Choices[j]
		q.Choices[i] = fill(c.Text)
		if j == s.Answer {
			q.Answer, q.Why[i] = i, ruling
		} else {
			q.Why[i] = fill(c.Why)
		}
	}
	return q, nil
}

// variant draws a value for each var (in name order, so that the draw does
// not depend on map order), then {box} and a different {other_box} from the
// table size, sets {game} to the name of the game asked at, and returns the
// function that fills a text with them. Var values may themselves hold
// {box}, {other_box} and {game}.
func variant(r *rand.Rand, vars map[string][]string, boxes int, game string) func(string) string {
	names := slices.Sorted(maps.Keys(vars))
	picked := make([]string, len(names))
	for i, name := range names {
		vals := vars[name]
		picked[i] = vals[r.IntN(len(vals))]
	}
	values := map[string]string{"game": game}
	if boxes >= 1 {
		box := 1 + r.IntN(boxes)
		values["box"] = strconv.Itoa(box)
		if boxes >= 2 {
			other := 1 + r.IntN(boxes-1)
			if other >= box {
				other++
			}
			values["other_box"] = strconv.Itoa(other)
		}
	}
	for i, name := range names {
		values[name] = fill(picked[i], values) // only {box} and {other_box} are there (rulebook checks)
	}
	return func(s string) string { return fill(s, values) }
}

// fill replaces each {name} of s that values has.
func fill(s string, values map[string]string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		if v, ok := values[s[i+1:i+j]]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
}
