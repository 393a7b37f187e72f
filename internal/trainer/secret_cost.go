//go:build !race

package trainer

// The cost of a new hash: OWASP's first recommended set for Argon2id
// (secret.go says why). A build with the race detector uses the cost in
// secret_cost_race.go instead.
const (
	argonTime   = 2
	argonMemory = 19 * 1024 // KiB
)

// TestHashCost reports whether this build hashes with the race detector's
// test cost; the kiosk warns at start-up when it does.
const TestHashCost = false
