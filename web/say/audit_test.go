package say

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestAuditDetailText: an audit entry's stored details read as words in
// the manager's language, a change as old → new and true or false as yes
// or no; English reads as the keys with their underscores as spaces; a key
// the catalogue does not know stays readable.
func TestAuditDetailText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang, detail, want string
	}{
		{"en", `{"game":"uth","passed":true,"rules_version":"abc","items":20}`, "game: Ultimate Texas Hold'em · items: 20 · passed: true · rules version: abc"},
		{"it", `{"game":"uth","passed":true,"rules_version":"abc","items":20}`, "gioco: Ultimate Texas Hold'em · domande: 20 · superato: sì · versione del regolamento: abc"},
		{"ru", `{"game":"uth","passed":false,"rules_version":"abc","items":20}`, "игра: Ultimate Texas Hold'em · вопросы: 20 · сдан: нет · версия правил игры: abc"},
		{"en", `{"name":{"old":"Ana","new":"Anna"},"in_force":false}`, "in force: false · name: Ana → Anna"},
		{"it", `{"name":{"old":"Ana","new":"Anna"},"in_force":false}`, "in vigore: no · nome: Ana → Anna"},
		{"it", `{"a_new_key":"x"}`, "a new key: x"},
		{"ru", `{"role":"manager","name":"Ana","game":"poker"}`, "игра: poker · имя: Ana · роль: Менеджер"},
		{"en", `{"role":"trainee"}`, "role: Trainee"},
		{"ru", `not json`, "not json"},
		// A record's number is said in words, or left out.
		{"en", `{"trainee":"Bo Chan","event":12,"exam":7,"user":3,"signed_by":"Ada Admin"}`, "exam: 5 Dec 2026 · signed by: Ada Admin · trainee: Bo Chan"},
		{"it", `{"signed_by":"Ada Admin","exam":8}`, "firmato da: Ada Admin"},
		{"ru", `{"because":"revoked","granted_by_event":4}`, "причина: отзыв · выдан после проверки за столом: 4 дек 2026"},
	}
	var lang string
	// Values stored as codes are named as people call them: a game the
	// house plays, a role; a value that names nothing is shown as stored.
	named := func(key, value string) string {
		switch {
		case key == "game" && value == "uth":
			return "Ultimate Texas Hold'em"
		case key == "role":
			return Role(in(lang, nil), trainer.Role(value))
		case key == "exam" && value == "7":
			return "5 Dec 2026"
		case key == "granted_by_event" && value == "4":
			return "4 дек 2026"
		case key == "because":
			return T(in(lang, nil), "audit_detail.because_"+value)
		}
		return ""
	}
	for _, tt := range tests {
		lang = tt.lang
		if got := AuditDetail(in(tt.lang, nil), tt.detail, named); got != tt.want {
			t.Errorf("%s %s: %q; want %q", tt.lang, tt.detail, got, tt.want)
		}
	}
}
