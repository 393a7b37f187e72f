package trainer

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters for new hashes: OWASP's first recommended set
// (19 MiB, 2 passes, 1 lane; the cost is in secret_cost.go), about 50 ms on
// the kiosk's two cores. Each hash records its own parameters, so raising
// these later only affects new hashes.
// PINs get the same treatment as passwords: a 4 to 6 digit PIN has at most a
// million values, but a per-user salt and ~50 ms per guess still turn a copied
// database from an instant list of PINs into hours of work per trainee, and
// online guessing is the job of the sign-in rate limit.
const (
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

var b64 = base64.RawStdEncoding

// HashSecret returns the argon2id hash of a PIN or password in the PHC string
// format ($argon2id$v=19$m=…,t=…,p=…$salt$hash), with a fresh random salt.
func HashSecret(secret string) (string, error) {
	if len(secret) > maxSecretForForms {
		return "", Errorf(KindInvalid, "Use at most %d characters.", MaxPasswordLen).In("err.at_most", "Max", MaxPasswordLen)
	}
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("hash secret: %w", err)
	}
	key := argon2.IDKey([]byte(secret), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, argonMemory, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckSecret reports whether secret matches hash, a string HashSecret wrote.
// A malformed hash never matches. The comparison takes constant time.
func CheckSecret(hash, secret string) bool {
	if len(secret) > maxSecretForForms {
		return false
	}
	parts := strings.Split(hash, "$") // "", "argon2id", "v=19", "m=…,t=…,p=…", salt, key
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || t == 0 || p == 0 || m > 1<<22 {
		return false
	}
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 || len(want) > 64 {
		return false
	}
	got := argon2.IDKey([]byte(secret), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// dummyHash is checked against when no user matches a sign-in, so that an
// unknown name costs the same time as a wrong password and does not reveal
// which names exist.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashSecret("not a real secret")
	if err != nil {
		panic(err) // only crypto/rand can fail here, and then nothing works
	}
	return h
})

// CheckNoSecret spends the time of one CheckSecret and returns false. Call it
// when a sign-in names nobody.
func CheckNoSecret(secret string) bool {
	CheckSecret(dummyHash(), secret)
	return false
}
