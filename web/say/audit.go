package say

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

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
