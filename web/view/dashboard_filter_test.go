package view_test

import (
	"net/url"
	"testing"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/web/view"
)

// TestReadCertFilter reads the dashboard's filter: a game the kiosk
// certifies and a state that is a step (or "ready") filter; anything else,
// as a link from an older page may carry, is no filter; the exam's old
// state name is the table test's step.
func TestReadCertFilter(t *testing.T) {
	t.Parallel()
	games := []string{"uth", "oracle"}
	tests := []struct {
		query string
		want  view.CertFilter
	}{
		{"", view.CertFilter{}},
		{"game=uth&state=due", view.CertFilter{Game: "uth", Step: eval.StepDue}},
		{"game=oracle&state=ready", view.CertFilter{Game: "oracle", Step: view.StepReady}},
		{"state=exam_passed", view.CertFilter{Step: eval.StepTableTest}},
		{"game=lunar&state=table_test", view.CertFilter{Step: eval.StepTableTest}}, // not certified here
		{"game=UTH&state=Due", view.CertFilter{}},
		{"game=uth&state=asleep", view.CertFilter{Game: "uth"}},
	}
	for _, tt := range tests {
		q, err := url.ParseQuery(tt.query)
		if err != nil {
			t.Fatal(err)
		}
		if got := view.ReadCertFilter(q, games); got != tt.want {
			t.Errorf("ReadCertFilter(%q) = %+v; want %+v", tt.query, got, tt.want)
		}
	}
}
