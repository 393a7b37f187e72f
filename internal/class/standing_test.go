package class_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dealerkiosk/trainer/internal/class"
)

func TestParseStanding(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want class.Standing
		id   string
	}{{"", class.StandingNone, ""}, {"none", class.StandingNone, ""}, {"anonymous", class.StandingAnonymous, ""},
		{"teams", class.StandingTeams, ""}, {"public", "", "class.standing.choose"}, {"Teams", "", "class.standing.choose"}} {
		got, err := class.ParseStanding(tt.in)
		if got != tt.want || refusalID(t, err) != tt.id {
			t.Errorf("ParseStanding(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.id)
		}
	}
}

func TestPlaces(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		scores []class.Score
		want   map[int64]class.Place
	}{
		{"nobody", nil, map[int64]class.Place{}},
		{"one trainee", []class.Score{{UserID: 1, Right: 0}}, map[int64]class.Place{1: {Place: 1, Of: 1}}},
		{"ties share a place and the next is skipped",
			[]class.Score{{UserID: 1, Right: 3}, {UserID: 2, Right: 5}, {UserID: 3, Right: 3}, {UserID: 4, Right: 1}},
			map[int64]class.Place{2: {Place: 1, Of: 4}, 1: {Place: 2, Of: 4, Shared: true}, 3: {Place: 2, Of: 4, Shared: true}, 4: {Place: 4, Of: 4}}},
		{"all alike", []class.Score{{UserID: 1}, {UserID: 2}, {UserID: 3}},
			map[int64]class.Place{1: {Place: 1, Of: 3, Shared: true}, 2: {Place: 1, Of: 3, Shared: true}, 3: {Place: 1, Of: 3, Shared: true}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, class.Places(tt.scores)); diff != "" {
			t.Errorf("%s: Places (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestTeams(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		scores []class.Score
		want   []class.Team
	}{
		{"nobody", nil, []class.Team{}},
		{"nobody at a table", []class.Score{{UserID: 1, Right: 4}}, []class.Team{}},
		{"a mean, not a sum: three at 4 beat five at 3",
			[]class.Score{{1, "Table 2", 4}, {2, "Table 2", 4}, {3, "Table 2", 4}, {4, "Table 1", 3}, {5, "Table 1", 3}, {6, "Table 1", 3},
				{7, "Table 1", 3}, {8, "Table 1", 3}, {9, "", 5}},
			[]class.Team{{Table: "Table 2", Members: 3, Right: 12, Place: 1}, {Table: "Table 1", Members: 5, Right: 15, Place: 2}}},
		{"equal means share a place, listed by table",
			[]class.Score{{1, "C", 2}, {2, "C", 4}, {3, "B", 3}, {4, "A", 6}, {5, "A", 0}, {6, "A", 3}, {7, "D", 1}},
			[]class.Team{{Table: "A", Members: 3, Right: 9, Place: 1, Shared: true}, {Table: "B", Members: 1, Right: 3, Place: 1, Shared: true},
				{Table: "C", Members: 2, Right: 6, Place: 1, Shared: true}, {Table: "D", Members: 1, Right: 1, Place: 4}}},
		{"means compared exactly: 2/3 below 7/10",
			[]class.Score{{1, "X", 1}, {2, "X", 1}, {3, "X", 0}, {4, "Y", 7}, {5, "Y", 0}, {6, "Y", 0}, {7, "Y", 0}, {8, "Y", 0}, {9, "Y", 0},
				{10, "Y", 0}, {11, "Y", 0}, {12, "Y", 0}, {13, "Y", 0}},
			[]class.Team{{Table: "Y", Members: 10, Right: 7, Place: 1}, {Table: "X", Members: 3, Right: 2, Place: 2}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, class.Teams(tt.scores)); diff != "" {
			t.Errorf("%s: Teams (-want +got):\n%s", tt.name, diff)
		}
	}
	for _, tt := range []struct {
		team class.Team
		want int
	}{{class.Team{}, 0}, {class.Team{Members: 3, Right: 12}, 40}, {class.Team{Members: 4, Right: 10}, 25}, {class.Team{Members: 3, Right: 2}, 7}, {class.Team{Members: 8, Right: 5}, 6}} {
		if got := tt.team.MeanTenths(); got != tt.want {
			t.Errorf("%+v.MeanTenths() = %d; want %d", tt.team, got, tt.want)
		}
	}
}
