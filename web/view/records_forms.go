package view

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The forms on a dealer's file that keep their records (issue 24): the
// entered table hours, each with the form that strikes it out, and the
// topics outside the games with the form that records a completion.

// hoursEntries lists the hours entered for u, oldest first: struck ones
// struck, with by whom, when and why; the others with the form that
// strikes them out.
func hoursEntries(ctx context.Context, u *trainer.User, hs []trainer.TableHours) []templates.HoursEntry {
	var out []templates.HoursEntry
	for _, h := range hs {
		id := strconv.FormatInt(h.ID, 10)
		e := templates.HoursEntry{ID: id, Note: h.Note, Line: say.T(ctx, "records.strike.row", "Game", say.Game(ctx, h.Game),
			"Day", say.Date(ctx, h.Day), "Table", h.Table, "Minutes", h.Minutes, "By", h.EnteredByName)}
		if h.Struck != nil {
			e.Struck = say.T(ctx, "records.strike.struck", "Day", say.Date(ctx, h.Struck.At), "By", h.Struck.Actor, "Reason", h.Struck.Reason)
		} else {
			e.Action = templates.TraineeFileURL(u.ID) + "/hours/" + id + "/strike"
		}
		out = append(out, e)
	}
	return out
}

// StrikeRefused puts the refusal of striking out entry id on its reason
// field, with the reason as typed.
func StrikeRefused(ctx context.Context, f *templates.HoursForm, id int64, reason string, err error) {
	for i := range f.Entries {
		if f.Entries[i].ID == strconv.FormatInt(id, 10) {
			f.Entries[i].Reason, f.Entries[i].Error = reason, say.Error(ctx, err)
		}
	}
}

// topicsForm is the dealer's standing in each of the house's topics
// outside the games and the form recording a completion, empty but for
// today's date.
func (k *Kiosk) topicsForm(ctx context.Context, u *trainer.User, done []trainer.TopicCompletion, now time.Time) templates.TopicsForm {
	if k.House == nil || k.House.Records == nil {
		return templates.TopicsForm{}
	}
	f := templates.TopicsForm{Action: templates.TraineeFileURL(u.ID) + "/topics", Day: now.Local().Format(time.DateOnly), Errors: templates.Errors{}}
	f.Standing = k.topicLines(ctx, done, now)
	for i := range k.House.Records.Topics {
		t := &k.House.Records.Topics[i]
		f.Topics = append(f.Topics, templates.ChoiceOption{Value: t.ID, Label: say.Topic(ctx, t)})
	}
	return f
}

// topicLines says the dealer's standing in each of the house's topics, as
// the dealer's file for the regulator says it.
func (k *Kiosk) topicLines(ctx context.Context, done []trainer.TopicCompletion, now time.Time) []string {
	var out []string
	for _, s := range records.Topics(k.House.Records, done, now) {
		name := say.Topic(ctx, k.House.Records.Topic(s.Topic))
		switch {
		case s.Last == nil:
			out = append(out, say.T(ctx, "records.file.topic_missing", "Topic", name))
		case s.Expires.IsZero():
			out = append(out, say.T(ctx, "records.file.topic_forever", "Topic", name, "Day", say.Date(ctx, s.Last.Day), "Evidence", s.Last.Evidence))
		case s.Valid:
			out = append(out, say.T(ctx, "records.file.topic_valid", "Topic", name, "Day", say.Date(ctx, s.Last.Day),
				"Evidence", s.Last.Evidence, "Until", say.Date(ctx, s.Expires)))
		default:
			out = append(out, say.T(ctx, "records.file.topic_expired", "Topic", name, "Day", say.Date(ctx, s.Last.Day),
				"Evidence", s.Last.Evidence, "Until", say.Date(ctx, s.Expires)))
		}
	}
	return out
}

// errTopicDay refuses a completion's day that is not a date.
var errTopicDay = trainer.NewError(trainer.KindInvalid, "records.hours.bad_day")

// ReadTopic reads the topic form of dealer u: the completion to record, or
// the form's own refusal (a day that is not a date).
func ReadTopic(u *trainer.User, value func(string) string) (*trainer.TopicCompletion, error) {
	c := &trainer.TopicCompletion{UserID: u.ID, Topic: value("topic"), Evidence: strings.TrimSpace(value("evidence"))}
	day, err := time.ParseInLocation(time.DateOnly, strings.TrimSpace(value("day")), time.UTC)
	if err != nil {
		return c, errTopicDay
	}
	c.Day = day
	return c, nil
}

// TopicRefused fills the topic form again as typed, with the refusal on
// the field it is about (the form's own for the others).
func TopicRefused(ctx context.Context, f *templates.TopicsForm, value func(string) string, err error) {
	f.Day, f.Evidence = value("day"), value("evidence")
	for i := range f.Topics {
		f.Topics[i].Selected = f.Topics[i].Value == value("topic")
	}
	field := ""
	switch {
	case errors.Is(err, records.ErrTopicUnknown):
		field = "topic"
	case errors.Is(err, trainer.ErrFutureDay), errors.Is(err, errTopicDay):
		field = "day"
	case errors.Is(err, trainer.ErrEvidence), errors.Is(err, trainer.ErrNoteLong):
		field = "evidence"
	}
	f.Errors[field] = say.Error(ctx, err)
}

// Refusals of the table hours' form that the form alone decides.
var (
	errHoursDay     = trainer.NewError(trainer.KindInvalid, "records.hours.bad_day")
	errHoursMinutes = trainer.NewError(trainer.KindInvalid, "records.hours.bad_minutes")
	errHoursGame    = trainer.NewError(trainer.KindInvalid, "records.hours.bad_game")
)

// ReadHours reads the table hours' form of dealer u: the hours to enter,
// or the form's own refusal (a game not among games, a day that is not a
// date, minutes that are not a whole number). The store checks the rest
// (trainer.TableHours.Validate: minutes, table, note, no day in the future).
func ReadHours(u *trainer.User, games []string, value func(string) string) (*trainer.TableHours, error) {
	game := value("game")
	if !slices.Contains(games, game) {
		return nil, errHoursGame
	}
	day, err := time.ParseInLocation(time.DateOnly, strings.TrimSpace(value("day")), time.UTC)
	if err != nil {
		return nil, errHoursDay
	}
	minutes, err := strconv.Atoi(strings.TrimSpace(value("minutes")))
	if err != nil {
		return nil, errHoursMinutes
	}
	return &trainer.TableHours{UserID: u.ID, Game: game, Day: day, Table: strings.TrimSpace(value("table")),
		Minutes: minutes, Note: strings.TrimSpace(value("note"))}, nil
}

// HoursRetyped fills the table hours' form again as typed, after a
// refusal.
func HoursRetyped(f *templates.HoursForm, value func(string) string) {
	f.Day, f.Table, f.Minutes, f.Note = value("day"), value("table"), value("minutes"), value("note")
	for i := range f.Games {
		f.Games[i].Selected = f.Games[i].Value == value("game")
	}
}
