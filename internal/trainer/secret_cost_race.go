//go:build race

package trainer

// Under the race detector x/crypto's Argon2 runs its Go code instrumented,
// fourteen times slower than in a plain build (3 s a hash against 0.22 s,
// measured side by side), and the tests that create and sign in users spent
// most of CI's race run hashing. A race build is only ever a test build: it
// hashes with the smallest cost Argon2id takes, which the race detector
// checks the same code paths with. The plain test run (and every kiosk)
// hashes with the real cost of secret_cost.go.
const (
	argonTime   = 1
	argonMemory = 8 // KiB: Argon2's minimum for one lane
)

// TestHashCost reports whether this build hashes with the race detector's
// test cost; the kiosk warns at start-up when it does.
const TestHashCost = true
