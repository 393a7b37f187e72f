package class

import (
	"context"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Drive is the instructor's live drill as the store keeps it (issue 23):
// what each control under the projector writes, read and checked against
// the class, its run and the rules in use. Each write is decided inside the
// store's transaction with its clock (CheckNext, CheckEvent); Drive reads
// what the decision needs first. The server reads the forms and pokes the
// hub that tells the pages.
type Drive struct {
	DB    trainer.Store
	Plan  *practice.Planner
	House string // the house whose rules the kiosk trains
}

// ErrNoRun refuses a live drill's action while the class runs none.
var ErrNoRun = trainer.NewError(trainer.KindConflict, "classes.err.no_run")

// errListDone refuses the prepared list's next question after its last.
var errListDone = trainer.NewError(trainer.KindConflict, "classes.live.list_done")

// Start starts a live drill of class c, asking the prepared list of id
// list (its digits; empty for none) or the questions chosen one by one.
func (d *Drive) Start(ctx context.Context, c *Class, list string) error {
	run := &trainer.ClassRun{ClassID: c.ID, House: d.House, RulesVersion: d.Plan.Version()}
	if list != "" {
		id, err := strconv.ParseInt(list, 10, 64)
		if err != nil {
			return trainer.ErrClassListNotFound
		}
		l, err := d.DB.FindClassList(ctx, id)
		if err != nil {
			return err
		}
		items, err := ListItems(l)
		if err != nil {
			return err
		}
		if err := c.CheckList(&List{Items: items}); err != nil {
			return err
		}
		run.ListID = l.ID
	}
	return d.DB.StartClassRun(ctx, run)
}

// Ask asks class c's next question: the prepared list's next when
// fromList, else it, with the preview and answer window timing makes of
// the question's default (the kind's target time). One seed, drawn here,
// makes the question on every tablet.
func (d *Drive) Ask(ctx context.Context, c *Class, it Item, fromList bool, timing func(Timing) (Timing, error)) error {
	if fromList {
		var err error
		if it, err = d.listNext(ctx, c); err != nil {
			return err
		}
	}
	if err := it.Validate(d.Plan); err != nil {
		return err
	}
	if !c.Learns(it.Game) {
		return trainer.ErrClassGame
	}
	seed := it.SeedFrom(practice.NewRand())
	dr, err := d.Plan.Rebuild(trainer.Spec{Game: it.Game, Kind: it.Kind, Level: it.Level, Seed: seed, House: d.House,
		RulesVersion: d.Plan.Version()})
	if err != nil {
		return err
	}
	t, err := timing(DefaultTiming(dr))
	if err != nil {
		return err
	}
	q := &trainer.ClassQuestion{RunID: c.RunID, Game: it.Game, Kind: it.Kind, Level: it.Level, Seed: seed, House: d.House,
		RulesVersion: d.Plan.Version(), Skill: dr.Skill, TargetSeconds: dr.TargetSeconds, Timing: t}
	return d.DB.StartClassQuestion(ctx, q, CheckNext)
}

// listNext is the run's prepared list's next question.
func (d *Drive) listNext(ctx context.Context, c *Class) (Item, error) {
	live, err := d.DB.ClassLive(ctx, c.ID, 0)
	if err != nil {
		return Item{}, err
	}
	if live.Run == nil || live.Run.ListID == 0 {
		return Item{}, errListDone
	}
	l, err := d.DB.FindClassList(ctx, live.Run.ListID)
	if err != nil {
		return Item{}, err
	}
	items, err := ListItems(l)
	if err != nil {
		return Item{}, err
	}
	n := 0
	if live.Question != nil {
		n = live.Question.Number
	}
	if n >= len(items) {
		return Item{}, errListDone
	}
	return items[n], nil
}

// Act records the instructor's action e on question qID (pause, resume,
// add, lock, skip), which must be the class's live drill's current one: an
// instructor drives their own class's questions only.
func (d *Drive) Act(ctx context.Context, c *Class, qID int64, e trainer.ClassEvent) error {
	live, err := d.DB.ClassLive(ctx, c.ID, 0)
	if err != nil {
		return err
	}
	switch {
	case live.Run == nil:
		return ErrNoRun
	case live.Question == nil:
		return trainer.ErrClassQuestionNotFound
	case live.Question.ID != qID: // a page left open on a question since followed
		return trainer.ErrClassMovedOn
	}
	_, err = d.DB.RecordClassEvent(ctx, qID, e, CheckEvent)
	return err
}
