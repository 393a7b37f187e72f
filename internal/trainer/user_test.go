package trainer_test

import (
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		check func(string) error
		in    string
		want  string // "" for valid
	}{
		{"name", trainer.ValidateName, "Ana Lee", ""},
		{"name", trainer.ValidateName, "", "Enter a name."},
		{"name", trainer.ValidateName, strings.Repeat("x", 40), ""},
		{"name", trainer.ValidateName, strings.Repeat("x", 41), "Use at most 40 characters."},
		{"name", trainer.ValidateName, "Ana\x00Lee", "Use letters, digits, spaces and punctuation only."},
		{"name", trainer.ValidateName, "Ana\u202eLee", "Use letters, digits, spaces and punctuation only."}, // bidi override
		{"name", trainer.ValidateName, "José Ñúñez", ""},
		{"pin", trainer.ValidatePIN, "1234", ""},
		{"pin", trainer.ValidatePIN, "123456", ""},
		{"pin", trainer.ValidatePIN, "123", "A PIN is 4 to 6 digits."},
		{"pin", trainer.ValidatePIN, "1234567", "A PIN is 4 to 6 digits."},
		{"pin", trainer.ValidatePIN, "12a4", "A PIN is 4 to 6 digits."},
		{"pin", trainer.ValidatePIN, "١٢٣٤", "A PIN is 4 to 6 digits."}, // Arabic-Indic digits are not on the keypad
		{"password", trainer.ValidatePassword, "correct horse", ""},
		{"password", trainer.ValidatePassword, "short", "Use at least 8 characters."},
		{"password", trainer.ValidatePassword, strings.Repeat("é", 129), "Use at most 128 characters."},
		{"badge", trainer.ValidateBadge, "", ""},
		{"badge", trainer.ValidateBadge, "B-1042", ""},
		{"badge", trainer.ValidateBadge, "b 1", "Use digits, letters and dashes only."},
	}
	for _, tt := range tests {
		err := tt.check(tt.in)
		got := ""
		if err != nil {
			got = err.Error()
			if k := trainer.KindOf(err); k != trainer.KindInvalid {
				t.Errorf("%s %q: kind %v; want invalid", tt.name, tt.in, k)
			}
		}
		if got != tt.want {
			t.Errorf("validate %s %q = %q; want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	if got := trainer.NormalizeName("  Ana \t Lee  "); got != "Ana Lee" {
		t.Errorf("NormalizeName = %q; want %q", got, "Ana Lee")
	}
	if got := trainer.NormalizeBadge(" b-12 "); got != "B-12" {
		t.Errorf("NormalizeBadge = %q; want %q", got, "B-12")
	}
}

func TestParseRole(t *testing.T) {
	t.Parallel()
	for _, r := range trainer.Roles {
		if got, err := trainer.ParseRole(string(r)); err != nil || got != r {
			t.Errorf("ParseRole(%q) = %q, %v", r, got, err)
		}
	}
	if _, err := trainer.ParseRole("owner"); trainer.KindOf(err) != trainer.KindInvalid {
		t.Errorf("ParseRole(owner) = %v; want KindInvalid", err)
	}
}

func TestValidateSecret(t *testing.T) {
	t.Parallel()
	if err := trainer.ValidateSecret(trainer.RoleTrainee, "1234"); err != nil {
		t.Errorf("trainee PIN 1234: %v", err)
	}
	if err := trainer.ValidateSecret(trainer.RoleManager, "1234"); err == nil {
		t.Error("manager with a 4-digit password: no error")
	}
	if err := trainer.ValidateConfirm("12345", "12354"); err == nil || err.Error() != "The two entries do not match." {
		t.Errorf("ValidateConfirm mismatch = %v", err)
	}
}
