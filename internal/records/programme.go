package records

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Body is the content of a game's programme as a version records it: the
// programme's file (rulebook.Programme) with the game's certification
// standard, the exam's. Two loads of the same files give the same body, and
// so the same digest: a version is recorded only when the content changed.
func Body(p *rulebook.Programme, std *rulebook.Standard) (trainer.ProgrammeBody, error) {
	b := trainer.ProgrammeBody{Game: p.Game, MinimumHours: p.MinimumHours, MinimumBeforeExam: p.MinimumBeforeExam,
		DrillKinds: slices.Clone(p.DrillKinds)}
	for _, t := range p.Topics {
		b.Topics = append(b.Topics, trainer.ProgrammeTopic{ID: t.ID, Title: trainer.Words(t.Title), Hours: t.Hours, Cites: slices.Clone(t.Cites)})
	}
	for _, c := range p.Checklist {
		b.Checklist = append(b.Checklist, trainer.ProgrammeItem{ID: c.ID, Title: trainer.Words(c.Title)})
	}
	if std != nil {
		data, err := json.Marshal(std)
		if err != nil {
			return b, fmt.Errorf("programme body %s: %w", p.Game, err)
		}
		b.Standard = data
	}
	return b, nil
}

// Change is one difference between two versions of a programme, as facts:
// the page and the log say it in words (records.change.<Kind> in
// content/i18n/records).
type Change struct {
	Kind ChangeKind
	// Item is the topic's or checklist item's id, or the drill kind; empty
	// for a change of the whole programme.
	Item     string
	From, To int // hours, for the changes that have them
}

// ChangeKind names a kind of change; the same word ends its catalogue id.
type ChangeKind string

const (
	ChangeMinimumHours  ChangeKind = "minimum_hours"  // From, To
	ChangeMinimumBefore ChangeKind = "minimum_before" // To: 1 required, 0 not
	ChangeTopicAdded    ChangeKind = "topic_added"    // Item, To hours
	ChangeTopicRemoved  ChangeKind = "topic_removed"  // Item
	ChangeTopicHours    ChangeKind = "topic_hours"    // Item, From, To
	ChangeItemAdded     ChangeKind = "item_added"     // Item
	ChangeItemRemoved   ChangeKind = "item_removed"   // Item
	ChangeDrillAdded    ChangeKind = "drill_added"    // Item
	ChangeDrillRemoved  ChangeKind = "drill_removed"  // Item
	ChangeStandard      ChangeKind = "standard"       // the exam's standard changed
	ChangeFirst         ChangeKind = "first"          // no version before
)

// Changes lists what changed from old to new, in the programme's order;
// old nil is the first version.
func Changes(old *trainer.ProgrammeBody, new trainer.ProgrammeBody) []Change {
	if old == nil {
		return []Change{{Kind: ChangeFirst}}
	}
	var out []Change
	if old.MinimumHours != new.MinimumHours {
		out = append(out, Change{Kind: ChangeMinimumHours, From: old.MinimumHours, To: new.MinimumHours})
	}
	if old.MinimumBeforeExam != new.MinimumBeforeExam {
		out = append(out, Change{Kind: ChangeMinimumBefore, To: map[bool]int{true: 1}[new.MinimumBeforeExam]})
	}
	hours := map[string]int{}
	for _, t := range old.Topics {
		hours[t.ID] = t.Hours
	}
	for _, t := range new.Topics {
		h, ok := hours[t.ID]
		switch {
		case !ok:
			out = append(out, Change{Kind: ChangeTopicAdded, Item: t.ID, To: t.Hours})
		case h != t.Hours:
			out = append(out, Change{Kind: ChangeTopicHours, Item: t.ID, From: h, To: t.Hours})
		}
		delete(hours, t.ID)
	}
	for _, t := range old.Topics {
		if _, gone := hours[t.ID]; gone {
			out = append(out, Change{Kind: ChangeTopicRemoved, Item: t.ID})
		}
	}
	for _, it := range new.Checklist {
		if !old.HasItem(it.ID) {
			out = append(out, Change{Kind: ChangeItemAdded, Item: it.ID})
		}
	}
	for _, it := range old.Checklist {
		if !new.HasItem(it.ID) {
			out = append(out, Change{Kind: ChangeItemRemoved, Item: it.ID})
		}
	}
	for _, k := range new.DrillKinds {
		if !slices.Contains(old.DrillKinds, k) {
			out = append(out, Change{Kind: ChangeDrillAdded, Item: k})
		}
	}
	for _, k := range old.DrillKinds {
		if !slices.Contains(new.DrillKinds, k) {
			out = append(out, Change{Kind: ChangeDrillRemoved, Item: k})
		}
	}
	if string(old.Standard) != string(new.Standard) {
		out = append(out, Change{Kind: ChangeStandard})
	}
	return out
}

// MayApprove reports whether u may approve a programme version: an active
// administrator or the group director, as for the house's rules.
func MayApprove(u *trainer.User) bool {
	return u != nil && u.Active && (u.Role == trainer.RoleAdministrator || u.Role == trainer.RoleDirector)
}

// Games lists the games of house h that have a programme, in the kiosk's
// order: the games whose programme has versions to approve.
func Games(h *rulebook.House) []string {
	var out []string
	for _, g := range rulebook.GameSlugs {
		if h.Programmes[g] != nil && h.Certification[g] != nil {
			out = append(out, g)
		}
	}
	return out
}

// Current is game's programme as house h's files hold it now, the content
// an administrator approves. Returns KindNotFound if h has no programme of
// game.
func Current(h *rulebook.House, game string) (trainer.ProgrammeBody, error) {
	if !slices.Contains(Games(h), game) {
		return trainer.ProgrammeBody{}, trainer.NewError(trainer.KindNotFound, "err.no_certification")
	}
	return Body(h.Programmes[game], h.Certification[game])
}

// DealerProgramme is the version of game's programme a dealer's file names
// (the page and `trainer records export` alike): the one the dealer's newest
// table test of the game on a checklist was judged against, and otherwise,
// for a dealer not yet so tested, the one the next table test follows
// (Approved). vs are the game's versions, tests the dealer's table tests,
// oldest first. So a dealer moved in from a school names the school's
// version they were tested under (renumbered in the group), a dealer of the
// group the group's, and a dealer last tested before the house approved a
// newer version the one they were tested under: the file says the
// programme the dealer was held to, not the house's newest (docs/records.md).
func DealerProgramme(vs []*trainer.ProgrammeVersion, tests []trainer.TableTest, game string) *trainer.ProgrammeVersion {
	for i := len(tests) - 1; i >= 0; i-- {
		t := tests[i]
		if t.Event.Game != game || !t.HasSheet() {
			continue
		}
		for _, v := range vs {
			if v.ID == t.ProgrammeID {
				return v
			}
		}
		break
	}
	return Approved(vs)
}

// Approved is the newest approved version among vs (one game's, by
// number), or nil: the version a table test is judged against. A version a
// move copied from a school (MovedFrom) is the school's history, never the
// kiosk's programme (docs/records.md).
func Approved(vs []*trainer.ProgrammeVersion) *trainer.ProgrammeVersion {
	var out *trainer.ProgrammeVersion
	for _, v := range vs {
		if v.Approved() && v.MovedFrom == "" && (out == nil || v.Number > out.Number) {
			out = v
		}
	}
	return out
}
