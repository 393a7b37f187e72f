package eval

import (
	"time"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// ExamResult is a certification exam judged against its standard.
type ExamResult struct {
	Passed bool         `json:"passed"`
	Items  int          `json:"items"`
	Right  int          `json:"right"` // right and within the time allowed
	Kinds  []KindResult `json:"kinds"` // in the blueprint's order
}

// KindResult is one kind of item of an exam.
type KindResult struct {
	Kind       string `json:"kind"`
	Items      int    `json:"items"`
	Right      int    `json:"right"`      // right and within the time allowed
	OverTime   int    `json:"over_time"`  // right, but answered after the time allowed: counted wrong
	Unanswered int    `json:"unanswered"` // never answered: counted wrong
	Required   int    `json:"required"`   // the threshold's accuracy, percent
	Seconds    int    `json:"seconds"`    // the time allowed per item
	Passed     bool   `json:"passed"`
}

// ItemResult is how one item of an exam counts.
type ItemResult int

// How an item counts. Only ItemRight counts towards the kind's accuracy.
const (
	ItemRight      ItemResult = iota // right, within the time allowed
	ItemWrong                        // answered wrong
	ItemOverTime                     // right, but after the time allowed
	ItemUnanswered                   // not answered
)

// JudgeItem tells how an exam item counts. a is the attempt that served it,
// or nil if it was never served. An answer that took longer than the item's
// time allowed counts as wrong even when right: the exam asks for the speed
// the table needs. The time is the server's (answered − served), so time
// away from the tablet counts.
func JudgeItem(it trainer.ExamItem, a *trainer.Attempt) ItemResult {
	switch {
	case a == nil || !a.Answered():
		return ItemUnanswered
	case !a.Correct:
		return ItemWrong
	case a.Elapsed > time.Duration(it.Seconds)*time.Second:
		return ItemOverTime
	}
	return ItemRight
}

// JudgeExam judges an exam's items against the standard it started under.
// attempts are the exam session's attempts (any order; matched to items by
// position). A kind passes when its right items × 100 ≥ its threshold × its
// items; the exam passes when every kind of the blueprint passes. Items never
// answered count as wrong, so JudgeExam also judges an exam left unfinished.
func JudgeExam(st *rulebook.Standard, items []trainer.ExamItem, attempts []*trainer.Attempt) ExamResult {
	byPos := map[int]*trainer.Attempt{}
	for _, a := range attempts {
		byPos[a.Position] = a
	}
	r := ExamResult{Passed: true}
	idx := map[string]int{}
	for _, k := range st.Kinds() {
		th := st.Thresholds[k]
		idx[k] = len(r.Kinds)
		r.Kinds = append(r.Kinds, KindResult{Kind: k, Required: th.Accuracy, Seconds: th.Seconds})
	}
	for _, it := range items {
		i, ok := idx[it.Kind]
		if !ok { // an item of a kind the blueprint does not list: judged at 100 %
			th := st.Thresholds[it.Kind]
			i = len(r.Kinds)
			idx[it.Kind] = i
			r.Kinds = append(r.Kinds, KindResult{Kind: it.Kind, Required: max(th.Accuracy, 100), Seconds: it.Seconds})
		}
		k := &r.Kinds[i]
		k.Items++
		r.Items++
		switch JudgeItem(it, byPos[it.Position]) {
		case ItemRight:
			k.Right++
			r.Right++
		case ItemOverTime:
			k.OverTime++
		case ItemUnanswered:
			k.Unanswered++
		}
	}
	for i := range r.Kinds {
		k := &r.Kinds[i]
		k.Passed = k.Items > 0 && k.Right*100 >= k.Required*k.Items
		if !k.Passed {
			r.Passed = false
		}
	}
	if r.Items == 0 {
		r.Passed = false
	}
	return r
}
