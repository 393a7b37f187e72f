package class

import (
	"crypto/rand"
	"fmt"
	"io"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// PINLen is the length of a PIN the kiosk makes: the longest trainer's
// rules allow. A trainee reads it from a printed slip once, so the two
// digits more than the shortest cost little and make a guess a hundred
// times less likely.
const PINLen = trainer.MaxPINLen

// NewPIN makes a PIN of PINLen digits from random (crypto/rand.Reader when
// nil), each digit uniform. It never returns a PIN trainer.ValidatePIN
// refuses, nor one a person would guess first: one digit throughout
// (000000) or a run up or down (123456, 987654). Returns an error only when
// random fails.
func NewPIN(random io.Reader) (string, error) {
	if random == nil {
		random = rand.Reader
	}
	var b [1]byte
	for {
		pin := make([]byte, 0, PINLen)
		for len(pin) < PINLen {
			if _, err := io.ReadFull(random, b[:]); err != nil {
				return "", fmt.Errorf("make a PIN: %w", err)
			}
			if b[0] >= 250 { // 250 = 25 × 10: above it, some digits would come more often
				continue
			}
			pin = append(pin, '0'+b[0]%10)
		}
		if s := string(pin); trainer.ValidatePIN(s) == nil && !guessable(s) {
			return s, nil
		}
	}
}

// guessable reports a PIN of one digit throughout, or of digits that go up
// or down by one all the way.
func guessable(pin string) bool {
	same, up, down := true, true, true
	for i := 1; i < len(pin); i++ {
		d := int(pin[i]) - int(pin[i-1])
		same = same && d == 0
		up = up && d == 1
		down = down && d == -1
	}
	return same || up || down
}
