package say

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// RecordKeys are the audit details that store a record's number: the
// record is said in words, or not at all (AuditDetail).
var RecordKeys = map[string]bool{"event": true, "exam": true, "granted_by_event": true, "user": true,
	"record": true, "hours": true, "moved_seq": true, "previous_head": true, "log_head": true}

// AuditAction names an audit log's action in words (the catalogue's
// audit.<action>); an action not there is shown as stored.
func AuditAction(ctx context.Context, action string) string {
	return lookup(loc(ctx), "audit."+action, action)
}

// AuditDetail writes an audit entry's detail for people: "key: value"
// pairs, a change as "key: old → new". A key the catalogue names
// (audit_detail.<key>) reads in words, a stored true or false as yes or no;
// a key it does not know shows with its underscores as spaces. In English
// the text is what the page said before the catalogue had it. named writes
// a value stored as a code (a game's, a role's) as people call it; it
// returns "" for a value it does not name, shown as stored.
//
// A record's number (RecordKeys: an exam's, an event's, a user's) is
// never shown: named is asked for it too, with the number as text, and
// says the record in words (an exam by its date); a number it does not
// name is left out, its key with it.
func AuditDetail(ctx context.Context, detail string, named func(key, value string) string) string {
	l := loc(ctx)
	var m map[string]any
	if err := json.Unmarshal([]byte(detail), &m); err != nil {
		return detail
	}
	value := func(v any) string {
		if b, ok := v.(bool); ok {
			if b {
				return l.T("audit_detail.yes")
			}
			return l.T("audit_detail.no")
		}
		if b, err := json.Marshal(v); err == nil && !strings.HasPrefix(string(b), `"`) {
			return string(b)
		}
		return fmt.Sprint(v)
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if RecordKeys[k] {
			name := ""
			if n, ok := m[k].(float64); ok && named != nil {
				name = named(k, strconv.FormatInt(int64(n), 10))
			}
			if name != "" {
				parts = append(parts, lookup(l, "audit_detail."+k, strings.ReplaceAll(k, "_", " "))+": "+name)
			}
			continue
		}
		if m[k] == "" {
			continue // nothing written (a table test's notes left empty)
		}
		val := value(m[k])
		if code, ok := m[k].(string); ok && named != nil {
			if name := named(k, code); name != "" {
				val = name
			}
		}
		if ch, ok := m[k].(map[string]any); ok && len(ch) == 2 && ch["old"] != nil && ch["new"] != nil {
			val = value(ch["old"]) + " → " + value(ch["new"])
		}
		parts = append(parts, lookup(l, "audit_detail."+k, strings.ReplaceAll(k, "_", " "))+": "+val)
	}
	return strings.Join(parts, " · ")
}
