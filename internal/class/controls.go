package class

import (
	"context"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Lists are the prepared lists the instructor's controls offer at now:
// every list while no drill runs, to start one from; while the drill
// waits for its next question (Between), the list it asks, nil when it
// asks none or the list was deleted since (its name stays on the run, no
// question is next).
func (d *Drive) Lists(ctx context.Context, lv *Live, now time.Time) (lists []*trainer.ClassList, asked *trainer.ClassList, err error) {
	switch {
	case !lv.Running():
		lists, err = d.DB.ListClassLists(ctx, 0)
		return lists, nil, err
	case !lv.Between(now) || lv.Live.Run.ListID == 0:
		return nil, nil, nil
	}
	asked, err = d.DB.FindClassList(ctx, lv.Live.Run.ListID)
	if trainer.KindOf(err) == trainer.KindNotFound {
		return nil, nil, nil
	}
	return nil, asked, err
}

// Between reports whether the running drill waits for its next question
// at now: none asked yet, or the last one closed or skipped. It is false
// while none runs.
func (lv *Live) Between(now time.Time) bool {
	if !lv.Running() {
		return false
	}
	q := lv.Question()
	if q == nil {
		return true
	}
	ph := q.At(now).Phase
	return ph != PhasePreview && ph != PhaseOpen
}
