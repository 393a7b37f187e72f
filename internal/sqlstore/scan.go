package sqlstore

import (
	"database/sql"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TimeLayout is how SQLite keeps a time as text: fixed-width RFC 3339 in
// UTC, to the millisecond, so that times sort as text in the same order as
// in time.
const TimeLayout = trainer.AuditTimeLayout

// formatTime is t as the stores write it: in UTC, to the millisecond (on
// SQLite, as text in TimeLayout: its Conn writes every time so).
func formatTime(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// storedTime scans a time column as either store returns it: SQLite's text
// in TimeLayout, PostgreSQL's timestamptz; NULL is the zero time. A text
// that is not such a time scans without error and is reported by time, so
// that the caller can name the row it belongs to.
type storedTime struct {
	t   time.Time
	err error
}

// Scan implements sql.Scanner.
func (s *storedTime) Scan(src any) error {
	s.t, s.err = time.Time{}, nil
	switch v := src.(type) {
	case nil:
	case time.Time:
		s.t = v.UTC()
	case string:
		s.t, s.err = ParseTime(v)
	case []byte:
		s.t, s.err = ParseTime(string(v))
	default:
		s.err = fmt.Errorf("parse stored time: a %T", src)
	}
	return nil
}

// time is the time scanned, or why it is not one.
func (s storedTime) time() (time.Time, error) { return s.t, s.err }

// ParseTime parses a time SQLite keeps as text (TimeLayout).
func ParseTime(s string) (time.Time, error) {
	t, err := time.Parse(TimeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("parse stored time %q: %w", s, err)
	}
	return t, nil
}

type scanner interface{ Scan(dest ...any) error }

// orZero scans the columns of a row that may be missing (the right side of
// a LEFT JOIN): each NULL leaves its destination as it was, the zero value.
func orZero(dest []any) []any {
	out := make([]any, len(dest))
	for i, d := range dest {
		out[i] = nullable{d}
	}
	return out
}

// nullable scans a column that may be NULL into dst, one of the kinds the
// store's rows hold.
type nullable struct{ dst any }

// Scan implements sql.Scanner.
func (n nullable) Scan(src any) error {
	if src == nil {
		return nil
	}
	switch d := n.dst.(type) {
	case sql.Scanner:
		return d.Scan(src)
	case *int64:
		if v, ok := src.(int64); ok {
			*d = v
			return nil
		}
	case *int:
		if v, ok := src.(int64); ok {
			*d = int(v)
			return nil
		}
	case *float64:
		switch v := src.(type) {
		case float64:
			*d = v
			return nil
		case int64:
			*d = float64(v)
			return nil
		}
	case *string:
		switch v := src.(type) {
		case string:
			*d = v
			return nil
		case []byte:
			*d = string(v)
			return nil
		}
	case *bool:
		switch v := src.(type) {
		case bool:
			*d = v
			return nil
		case int64:
			*d = v != 0
			return nil
		}
	}
	return fmt.Errorf("scan a %T into a %T", src, n.dst)
}
