package class_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// drillReport is three questions to four trainees: the second skipped, a
// trainee who answered nothing, one named like a formula, a response from
// someone not in the class and a second response to one question.
func drillReport() *class.Report {
	members := []class.Member{
		{UserID: 4, Name: "zoe Zhang", Badge: "Z-4"},
		{UserID: 2, Name: "=cmd|' /C calc'!A0", Badge: ""},
		{UserID: 1, Name: "Ana Lee", Badge: "A-1"},
		{UserID: 3, Name: "Bo Chen", Badge: "-3"},
	}
	r := func(id int64, ok bool, s float64) class.Response {
		return class.Response{UserID: id, Correct: ok, Elapsed: sec(s)}
	}
	qs := []class.Asked{
		{Number: 1, Game: "uth", Kind: "payout", Level: 2, Seed: 7, Skill: "uth.payout.blind", TargetSeconds: 12,
			Responses: []class.Response{r(1, true, 4.04), r(3, false, 9.96), r(4, true, 6), r(9, true, 1), r(1, false, 11)}},
		{Number: 2, Game: "uth", Kind: "hand", Level: 2, Seed: 8, Skill: "uth.hand.best_hand", TargetSeconds: 10, Skipped: true,
			Responses: []class.Response{r(1, true, 2)}},
		{Number: 3, Game: "uth", Kind: "ruling", Level: 1, Seed: 9, Skill: "uth.ruling.R2", TargetSeconds: 25,
			Responses: []class.Response{r(4, false, 20), r(1, true, 10), r(3, true, 12)}},
	}
	return class.NewReport(members, qs)
}

func TestNewReport(t *testing.T) {
	t.Parallel()
	rep := drillReport()
	var names []string
	for _, row := range rep.Rows {
		names = append(names, row.Name)
	}
	if want := []string{"=cmd|' /C calc'!A0", "Ana Lee", "Bo Chen", "zoe Zhang"}; !cmp.Equal(names, want) {
		t.Errorf("rows %q; want %q (by name, without regard to case)", names, want)
	}
	cell := func(ok bool, s float64) class.Cell { return class.Cell{Answered: true, Correct: ok, Elapsed: sec(s)} }
	want := []class.ReportRow{
		{Member: class.Member{UserID: 2, Name: "=cmd|' /C calc'!A0"}, Cells: make([]class.Cell, 3)},
		{Member: class.Member{UserID: 1, Name: "Ana Lee", Badge: "A-1"}, Cells: []class.Cell{cell(true, 4.04), cell(true, 2), cell(true, 10)},
			Answered: 2, Right: 2, Median: sec(7.02)},
		{Member: class.Member{UserID: 3, Name: "Bo Chen", Badge: "-3"}, Cells: []class.Cell{cell(false, 9.96), {}, cell(true, 12)},
			Answered: 2, Right: 1, Median: sec(10.98)},
		{Member: class.Member{UserID: 4, Name: "zoe Zhang", Badge: "Z-4"}, Cells: []class.Cell{cell(true, 6), {}, cell(false, 20)},
			Answered: 2, Right: 1, Median: sec(13)},
	}
	if diff := cmp.Diff(want, rep.Rows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	totals := []class.Results{{Answered: 3, Right: 2, Median: sec(6)}, {}, {Answered: 3, Right: 2, Median: sec(12)}}
	if diff := cmp.Diff(totals, rep.Totals); diff != "" {
		t.Errorf("totals (-want +got):\n%s", diff)
	}
	scores := rep.Scores([]class.Participant{{UserID: 1, Table: "T1"}, {UserID: 4, Table: "T1"}, {UserID: 7, Table: "T2"}})
	if want := []class.Score{{1, "T1", 2}, {4, "T1", 1}, {7, "T2", 0}}; !cmp.Equal(scores, want) {
		t.Errorf("Scores = %v; want %v", scores, want)
	}
	empty := class.NewReport(nil, nil)
	if len(empty.Rows) != 0 || len(empty.Totals) != 0 {
		t.Errorf("an empty report = %+v", empty)
	}
}

func TestReportCSV(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	if err := drillReport().WriteCSV(&b, i18n.Default().Localizer("en")); err != nil {
		t.Fatal(err)
	}
	want := "\uFEFF" + `trainee_id,trainee,badge,position,game,kind,level,seed,skill,result,elapsed_s,target_s
2,'=cmd|' /C calc'!A0,,1,uth,payout,2,7,uth.payout.blind,no_answer,,12
2,'=cmd|' /C calc'!A0,,2,uth,hand,2,8,uth.hand.best_hand,skipped,,10
2,'=cmd|' /C calc'!A0,,3,uth,ruling,1,9,uth.ruling.R2,no_answer,,25
1,Ana Lee,A-1,1,uth,payout,2,7,uth.payout.blind,right,4.0,12
1,Ana Lee,A-1,2,uth,hand,2,8,uth.hand.best_hand,skipped,,10
1,Ana Lee,A-1,3,uth,ruling,1,9,uth.ruling.R2,right,10.0,25
3,Bo Chen,'-3,1,uth,payout,2,7,uth.payout.blind,wrong,10.0,12
3,Bo Chen,'-3,2,uth,hand,2,8,uth.hand.best_hand,skipped,,10
3,Bo Chen,'-3,3,uth,ruling,1,9,uth.ruling.R2,right,12.0,25
4,zoe Zhang,Z-4,1,uth,payout,2,7,uth.payout.blind,right,6.0,12
4,zoe Zhang,Z-4,2,uth,hand,2,8,uth.hand.best_hand,skipped,,10
4,zoe Zhang,Z-4,3,uth,ruling,1,9,uth.ruling.R2,wrong,20.0,25
`
	if got := b.String(); got != want {
		t.Errorf("WriteCSV:\n%s\nwant:\n%s", got, want)
	}
	var it strings.Builder
	if err := class.NewReport(nil, nil).WriteCSV(&it, i18n.Default().Localizer("it")); err != nil {
		t.Fatal(err)
	}
	if want := "\uFEFFID allievo,Allievo,Badge,Posizione,Gioco,Tipo,Livello,Codice di generazione,Abilità,Esito,Tempo (s),Tempo previsto (s)\n"; it.String() != want {
		t.Errorf("WriteCSV in Italian = %q; want %q", it.String(), want)
	}
}

func TestReportSeconds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{{0, "0.0"}, {49 * time.Millisecond, "0.0"}, {50 * time.Millisecond, "0.1"}, {9960 * time.Millisecond, "10.0"}, {125 * time.Second, "125.0"}} {
		rep := class.NewReport([]class.Member{{UserID: 1}}, []class.Asked{{Number: 1, Responses: []class.Response{{UserID: 1, Elapsed: tt.d}}}})
		var b strings.Builder
		if err := rep.WriteCSV(&b, i18n.Default().Localizer("en")); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(b.String()), "\n")
		if cols := strings.Split(lines[1], ","); cols[10] != tt.want {
			t.Errorf("elapsed %v written %q; want %q", tt.d, cols[10], tt.want)
		}
	}
}
