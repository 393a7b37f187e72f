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

func TestValidateName_Marks(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		ok   bool
	}{
		{"Nguyễn Thị Ánh", true},                      // composed Vietnamese
		{"Nguye\u0302\u0303n", true},                  // two marks on one letter
		{"สมชาย ใจดี", true},                          // Thai vowel and tone marks
		{"Zed" + strings.Repeat("\u0336", 4), false},  // four stacked marks
		{"Zed" + strings.Repeat("\u0337", 30), false}, // Zalgo
	} {
		err := trainer.ValidateName(trainer.NormalizeName(tt.name))
		if (err == nil) != tt.ok {
			t.Errorf("ValidateName(%q) = %v; want ok %v", tt.name, err, tt.ok)
		}
	}
}

func TestLooksAlike(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"Tina", "\u0422ina", true},               // Cyrillic capital Te
		{"Tina", "T\u0456na", true},               // Cyrillic small i
		{"Tia Trainee", "tia tra\u0399nee", true}, // Greek capital iota, other case
		{"Kim", "Kirn", true},                     // r n read as m
		{"Tina", "Tine", false},
		{"Ana Lee", "Ana Iee", false}, // a capital I is no L
		{"Bo", "Bo Chan", false},
	} {
		if got := trainer.LooksAlike(tt.a, tt.b); got != tt.want {
			t.Errorf("LooksAlike(%q, %q) = %v; want %v", tt.a, tt.b, got, tt.want)
		}
		ka, kb := trainer.LookalikeKeys(tt.a), trainer.LookalikeKeys(tt.b)
		if got := ka[0] == kb[0] || ka[1] == kb[1]; got != tt.want {
			t.Errorf("LookalikeKeys(%q), (%q) = %q, %q: a key in common is %v; want %v", tt.a, tt.b, ka, kb, got, tt.want)
		}
	}
}

func TestClip(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		n    int
		want string
	}{
		{"Ana", 5, "Ana"},
		{"Ana Lee", 3, "Ana"},
		{"José", 4, "José"},
		{"Josée", 4, "José"}, // cut at a character, not a byte
	} {
		if got := trainer.Clip(tt.in, tt.n); got != tt.want {
			t.Errorf("Clip(%q, %d) = %q; want %q", tt.in, tt.n, got, tt.want)
		}
	}
}
