package class

import (
	"cmp"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Standing is how a live drill ranks its trainees, if at all. The same
// word is stored. Studies of classroom quizzes found that a public
// leaderboard lowered the weaker half's motivation and results, so there
// is none by default, and none of these names anybody on the projector.
// It is trainer's record (trainer.ClassStanding), kept with the class.
type Standing = trainer.ClassStanding

const (
	// StandingNone ranks nobody: the default.
	StandingNone Standing = "none"
	// StandingAnonymous tells each trainee their own place only.
	StandingAnonymous Standing = "anonymous"
	// StandingTeams ranks the practice tables, each by its members' mean.
	StandingTeams Standing = "teams"
)

// Standings lists the standings in the order the instructor's form offers them.
var Standings = []Standing{StandingNone, StandingAnonymous, StandingTeams}

// ParseStanding returns the Standing named s; "" is StandingNone. Returns
// KindInvalid for any other word.
func ParseStanding(s string) (Standing, error) {
	if s == "" {
		return StandingNone, nil
	}
	if slices.Contains(Standings, Standing(s)) {
		return Standing(s), nil
	}
	return "", refusal(trainer.KindInvalid, "class.standing.choose")
}

// Score is one trainee of a live drill for the standings: the answers right
// so far (questions skipped count for nobody), and the practice table they
// sit at ("" for none).
type Score struct {
	UserID int64
	Table  string
	Right  int
}

// Place is a trainee's own place: Place of Of, Shared when others have the
// same score (and so the same place).
type Place struct {
	Place, Of int
	Shared    bool
}

// Places ranks scores by answers right: the most right first, equal scores
// sharing a place and the next place skipped (1, 2, 2, 4), as sports
// tables do. Speed does not count: accuracy and speed are reported apart,
// and ranking by speed would reward guessing fast.
func Places(scores []Score) map[int64]Place {
	out := make(map[int64]Place, len(scores))
	for _, s := range scores {
		p := Place{Place: 1, Of: len(scores)}
		same := 0
		for _, o := range scores {
			switch {
			case o.Right > s.Right:
				p.Place++
			case o.Right == s.Right:
				same++
			}
		}
		p.Shared = same > 1
		out[s.UserID] = p
	}
	return out
}

// Team is one practice table in a teams standing: its members' mean score
// is Right / Members (answers right per member), kept as the two counts so
// that tables compare exactly.
type Team struct {
	Table   string
	Members int
	Right   int
	Place   int
	Shared  bool
}

// MeanTenths is the table's mean score in tenths, rounded half up, for a
// page to write as 2.5.
func (t Team) MeanTenths() int {
	if t.Members == 0 {
		return 0
	}
	return (20*t.Right + t.Members) / (2 * t.Members)
}

// Teams ranks the practice tables by their members' mean score, highest
// first, equal means sharing a place (1, 2, 2, 4); equal places are listed
// by table name. A trainee at no table is in no team. A mean, not a sum,
// so that a table of three is not beaten by a table of five for its size.
func Teams(scores []Score) []Team {
	by := map[string]*Team{}
	var tables []string
	for _, s := range scores {
		if s.Table == "" {
			continue
		}
		t := by[s.Table]
		if t == nil {
			t = &Team{Table: s.Table}
			by[s.Table] = t
			tables = append(tables, s.Table)
		}
		t.Members++
		t.Right += s.Right
	}
	teams := make([]Team, 0, len(tables))
	for _, name := range tables {
		teams = append(teams, *by[name])
	}
	out := slices.Clone(teams)
	better := func(a, b Team) int { return cmp.Compare(b.Right*a.Members, a.Right*b.Members) } // a's mean against b's, higher first
	for i := range teams {
		teams[i].Place = 1
		same := 0
		for _, o := range out {
			switch c := better(o, teams[i]); {
			case c < 0:
				teams[i].Place++
			case c == 0:
				same++
			}
		}
		teams[i].Shared = same > 1
	}
	slices.SortFunc(teams, func(a, b Team) int {
		if c := cmp.Compare(a.Place, b.Place); c != 0 {
			return c
		}
		return strings.Compare(a.Table, b.Table)
	})
	return teams
}
