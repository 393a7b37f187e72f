package records

import (
	"strconv"
	"time"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

func itoa(n int) string { return strconv.Itoa(n) }

// TopicStanding is where a dealer stands on one topic outside the games.
type TopicStanding struct {
	Topic string
	// Last is the latest completion, nil when none.
	Last    *trainer.TopicCompletion
	Expires time.Time // zero: never (validity_months 0), or no completion
	Valid   bool
}

// Topics is where a dealer stands at now on each of the house's topics
// outside the games, in the house's order, from their completions. A
// completion counts from its day for the topic's validity_months.
func Topics(r *rulebook.Records, done []trainer.TopicCompletion, now time.Time) []TopicStanding {
	var out []TopicStanding
	for _, t := range r.Topics {
		s := TopicStanding{Topic: t.ID}
		for i := range done {
			c := &done[i]
			if c.Topic == t.ID && (s.Last == nil || c.Day.After(s.Last.Day)) {
				s.Last = c
			}
		}
		if s.Last != nil {
			s.Valid = true
			if t.ValidityMonths > 0 {
				s.Expires = s.Last.Day.AddDate(0, t.ValidityMonths, 0)
				s.Valid = now.Before(s.Expires)
			}
		}
		out = append(out, s)
	}
	return out
}

// Stale reports whether a completion of a game's programme at completed is
// older than the house's limit (freshness_years) at now: the file and the
// class view warn, as a regulator asks for a course within the last years.
func Stale(completed time.Time, freshnessYears int, now time.Time) bool {
	return !completed.IsZero() && !now.Before(completed.AddDate(freshnessYears, 0, 0))
}

// ErrTopicUnknown refuses a completion of a topic the house does not list.
var ErrTopicUnknown = (&trainer.Error{Kind: trainer.KindInvalid,
	Message: "Choose a topic of the house's list."}).In("records.err.topic_unknown")

// CheckTopic checks a topic completion against the house's list: a topic
// it lists, a day not in the future (at now).
func CheckTopic(r *rulebook.Records, c *trainer.TopicCompletion, now time.Time) error {
	if r.Topic(c.Topic) == nil {
		return ErrTopicUnknown
	}
	return c.Validate(now)
}

// Completion is the table test that first authorised the dealer in the
// game of rec: the completion of the game's programme, from which
// freshness is measured (docs/records.md); nil when none.
func Completion(rec trainer.CertRecord) *trainer.CertEvent {
	passed := false
	for i := range rec.Events {
		e := &rec.Events[i]
		switch e.Kind {
		case trainer.EventExamPassed:
			passed = true
		case trainer.EventTablePass:
			if passed {
				return e
			}
		}
	}
	return nil
}
