package procedures

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Kind is what a question asks.
type Kind string

const (
	KindRuling   Kind = "ruling"    // the ruling for a situation
	KindNextStep Kind = "next_step" // the step that follows in a sequence of play
	KindOrder    Kind = "order"     // four steps of a sequence put in order
)

// Kinds lists every kind of question.
var Kinds = []Kind{KindRuling, KindNextStep, KindOrder}

// Question is one multiple-choice question with its key and explanations.
type Question struct {
	ID          string   `json:"id"`   // the situation or sequence id: "oracle.R7", "uth.play"
	Kind        Kind     `json:"kind"` // ruling, next_step or order
	Game        string   `json:"game"` // a game slug, or "common"
	Title       string   `json:"title"`
	Prompt      string   `json:"prompt"`
	Choices     []string `json:"choices"`
	Answer      int      `json:"answer"`      // index into Choices, from 0
	Explanation string   `json:"explanation"` // the ruling (or the order), in the house's words
	// Ref is the section id of the house's rule book the answer rests on
	// (docs/book.md): the kiosk shows that section beside the question, so
	// the texts never cite it themselves.
	Ref string   `json:"ref"`
	Why []string `json:"why"` // for each choice: the ruling if right, the rule it breaks if wrong
}

// Item is one situation or sequence a house can ask about.
type Item struct {
	ID    string `json:"id"`
	Game  string `json:"game"`
	Title string `json:"title"`
	Kinds []Kind `json:"kinds"`
}

var (
	// ErrUnknown wraps the error for an id the house does not have.
	ErrUnknown = errors.New("no such situation or sequence")
	// ErrUnresolved wraps the error for an id the house cannot ask about: it
	// changes a setting that decides the ruling and has not rewritten it
	// (rulebook.Procedures.Unresolved).
	ErrUnresolved = errors.New("the house changes a setting that decides this and has not written its own ruling")
	// ErrWithheld wraps the error for an id whose premise does not hold at
	// the game it would be asked at (rulebook.Procedures.Premise): a ruling
	// on the posted maximum payout where the house posts none.
	ErrWithheld = errors.New("the situation does not arise at this table: its premise does not hold at this house")
)

// GameName is the name players know a game by ("All games" for common).
func GameName(slug string) string {
	switch slug {
	case uth.Slug:
		return uth.Name
	case oracle.Slug:
		return oracle.Name
	case thrill.Slug:
		return thrill.Name
	case lunar.Slug:
		return lunar.Name
	}
	return "All games"
}

// List returns every situation and sequence of house h, situations first,
// in the order of the files.
func List(h *rulebook.House) []Item {
	if h == nil || h.Procedures == nil {
		return nil
	}
	var out []Item
	for _, s := range h.Procedures.Situations {
		out = append(out, Item{ID: s.ID, Game: s.Game, Title: s.Title, Kinds: []Kind{KindRuling}})
	}
	for _, q := range h.Procedures.Sequences {
		out = append(out, Item{ID: q.ID, Game: q.Game, Title: q.Title, Kinds: []Kind{KindNextStep, KindOrder}})
	}
	return out
}

// New returns the question of the given kind about id at house h for seed.
// A common situation is asked at one of the games whose table it arises at,
// drawn from the seed. Errors wrap ErrUnknown, ErrUnresolved or ErrWithheld.
func New(h *rulebook.House, kind Kind, id string, seed uint64) (Question, error) {
	return NewAt(h, "", kind, id, seed)
}

// NewAt is New for a question asked at game's table: a common situation
// names that game ({game}), and a question whose premise does not hold
// there is refused with ErrWithheld. An empty game is New's choice.
func NewAt(h *rulebook.House, game string, kind Kind, id string, seed uint64) (Question, error) {
	return NewIn(h, i18n.Source, game, kind, id, seed)
}

// NewIn is NewAt in language lang ("en", "it", "ru"): the texts are the
// situation's or sequence's in that language (rulebook.Procedures.SituationIn:
// the house's language, then English, where an item is not translated), and
// the words around them (the frame of a next-step or order question) the
// catalogue's. The key, the order of the choices and the variant are the
// English question's for the same seed.
func NewIn(h *rulebook.House, lang, game string, kind Kind, id string, seed uint64) (Question, error) {
	if lang == "" {
		lang = i18n.Source
	}
	switch kind {
	case KindRuling:
		return ruling(h, lang, game, id, seed)
	case KindNextStep:
		return step(h, lang, game, id, seed)
	case KindOrder:
		return order(h, lang, game, id, seed)
	}
	return Question{}, fmt.Errorf("procedures: unknown kind %q (known: ruling, next_step, order)", kind)
}

// at returns the game a question about id (of owner, a game slug or
// common) is asked at: game when it asks it, else an error; with no game,
// owner, or for a common id one of the games that ask it, drawn from seed
// on a stream of its own (so that the variant's draw does not depend on it).
func at(p *rulebook.Procedures, game, owner, id string, seed uint64) (string, error) {
	if game == "" {
		if owner != rulebook.CommonSlug {
			game = owner
		} else {
			var asked []string
			for _, g := range rulebook.GameSlugs {
				if p.Asks(g, id) {
					asked = append(asked, g)
				}
			}
			if len(asked) == 0 {
				return "", fmt.Errorf("procedures: %s: %w at any game", id, ErrWithheld)
			}
			return asked[newRand(seed, "game:"+id).IntN(len(asked))], nil
		}
	}
	if cond, ok := p.Premise(game, id); !ok {
		if cond == "" {
			return "", fmt.Errorf("procedures: %s is not asked at %s: %w", id, GameName(game), ErrUnknown)
		}
		return "", fmt.Errorf("procedures: %s at %s: %w (%s)", id, GameName(game), ErrWithheld, cond)
	}
	return game, nil
}

// Draw picks, by seed, one of game's situations (common ones included) for
// a ruling question, or one of its sequences for the other kinds, among
// those asked at game (rulebook.Procedures.Asks), and returns its question
// for the same seed. Every id asked at the game is drawn by some seed.
func Draw(h *rulebook.House, game string, kind Kind, seed uint64) (Question, error) {
	if !slices.Contains(rulebook.GameSlugs, game) {
		return Question{}, fmt.Errorf("procedures: no game %q (known: %s): %w", game, strings.Join(rulebook.GameSlugs, ", "), ErrUnknown)
	}
	p, err := procs(h)
	if err != nil {
		return Question{}, err
	}
	var ids []string
	switch kind {
	case KindRuling:
		for _, s := range p.Situations {
			if p.Asks(game, s.ID) {
				ids = append(ids, s.ID)
			}
		}
	case KindNextStep, KindOrder:
		for _, q := range p.Sequences {
			if p.Asks(game, q.ID) {
				ids = append(ids, q.ID)
			}
		}
	}
	if len(ids) == 0 {
		return Question{}, fmt.Errorf("procedures: no %s question for game %q: %w", kind, game, ErrUnknown)
	}
	r := newRand(seed, "draw:"+game+":"+string(kind))
	return NewAt(h, game, kind, ids[r.IntN(len(ids))], seed)
}

func procs(h *rulebook.House) (*rulebook.Procedures, error) {
	if h == nil || h.Procedures == nil {
		return nil, errors.New("procedures: the house has no procedures loaded")
	}
	return h.Procedures, nil
}

func notFound(p *rulebook.Procedures, what, id string) error {
	if setting, ok := p.Unresolved[id]; ok {
		return fmt.Errorf("procedures: %s: %w (setting %s)", id, ErrUnresolved, setting)
	}
	return fmt.Errorf("procedures: %s %q: %w", what, id, ErrUnknown)
}

// newRand seeds a PCG with the seed and a hash of the stream name (the kind
// and the id), so that the same seed gives unrelated draws for different
// questions: an exam asked with one seed does not put every answer in the
// same position.
func newRand(seed uint64, stream string) *rand.Rand {
	f := fnv.New64a()
	f.Write([]byte(stream))
	return rand.New(rand.NewPCG(seed, f.Sum64()))
}

// stop ends s with a full stop unless it already ends a sentence (a step
// written with its own full stop, a quotation, a question).
func stop(s string) string {
	s = strings.TrimRight(s, " ")
	for _, end := range []string{".", "!", "?", ".”", ".\"", ".»", "…"} {
		if strings.HasSuffix(s, end) {
			return s
		}
	}
	return s + "."
}
