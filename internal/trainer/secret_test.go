package trainer_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestHashSecret(t *testing.T) {
	t.Parallel()
	h1, err := trainer.HashSecret("2468")
	if err != nil {
		t.Fatal(err)
	}
	h2, err := trainer.HashSecret("2468")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h1, hashPrefix) {
		t.Errorf("HashSecret = %q; want an argon2id PHC string with the documented parameters", h1)
	}
	if h1 == h2 {
		t.Error("two hashes of one PIN are equal: the salt is not random")
	}
	tests := []struct {
		hash, secret string
		want         bool
	}{
		{h1, "2468", true},
		{h2, "2468", true},
		{h1, "2469", false},
		{h1, "", false},
		{"", "2468", false},
		{"$argon2id$v=19$m=19456,t=2,p=1$bad$", "2468", false},
		{strings.Replace(h1, "argon2id", "argon2i", 1), "2468", false},
		{regexp.MustCompile(`,t=[0-9]+,`).ReplaceAllString(h1, ",t=0,"), "2468", false},
	}
	for _, tt := range tests {
		if got := trainer.CheckSecret(tt.hash, tt.secret); got != tt.want {
			t.Errorf("CheckSecret(%q, %q) = %v; want %v", tt.hash, tt.secret, got, tt.want)
		}
	}
	if trainer.CheckNoSecret("2468") {
		t.Error("CheckNoSecret = true")
	}
}
