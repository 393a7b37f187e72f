//go:build !race

package trainer

// The cost of a new hash: OWASP's first recommended set for Argon2id
// (secret.go says why). A build with the race detector uses the cost in
// secret_cost_race.go instead.
const (
	argonTime   = 2
	argonMemory = 19 * 1024 // KiB
)
