//go:build race

package trainer_test

// hashPrefix is what a new hash starts with in a race build, which hashes
// with Argon2id's smallest cost (secret_cost_race.go); the plain run checks
// the real cost.
const hashPrefix = "$argon2id$v=19$m=8,t=1,p=1$"
