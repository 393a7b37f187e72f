package drills_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// plainFewest is the textbook dynamic programme over every amount up to a,
// in steps of unit: slow, obviously right, the reference for Fewest.
func plainFewest(values []games.Money, unit, a games.Money) int {
	n := int(a / unit)
	best := make([]int, n+1)
	for x := 1; x <= n; x++ {
		best[x] = -1
		for _, v := range values {
			u := int(v / unit)
			if u <= x && best[x-u] >= 0 && (best[x] < 0 || best[x-u]+1 < best[x]) {
				best[x] = best[x-u] + 1
			}
		}
	}
	return best[n]
}

// bruteFewest is plainFewest on a house's chips, or -1 for amounts too large
// to check this way.
func bruteFewest(h *rulebook.House, a games.Money) int {
	var vs []games.Money
	for _, c := range h.Chips {
		vs = append(vs, c.Value)
	}
	if a/vs[0] > 200_000 || a%vs[0] != 0 {
		return -1
	}
	return plainFewest(vs, vs[0], a)
}

func TestFewest(t *testing.T) {
	const c = games.Unit
	tests := []struct {
		values []games.Money
		amount games.Money
		want   []drills.ChipCount
	}{
		// The default house's set: greedy is right, and Fewest agrees.
		{[]games.Money{50, 1 * c, 5 * c, 25 * c, 100 * c, 500 * c, 1000 * c}, 3750, []drills.ChipCount{{25 * c, 1}, {5 * c, 2}, {2 * c / 2, 2}, {50, 1}}},
		{[]games.Money{50, 1 * c, 5 * c, 25 * c, 100 * c, 500 * c, 1000 * c}, 0, nil},
		// A set where greedy is wrong: 6 = 3 + 3, not 4 + 1 + 1.
		{[]games.Money{1 * c, 3 * c, 4 * c}, 6 * c, []drills.ChipCount{{3 * c, 2}}},
		// 40 = 20 + 20 with {1, 5, 20, 25}; greedy takes 25 + 5 + 5 + 5.
		{[]games.Money{1 * c, 5 * c, 20 * c, 25 * c}, 40 * c, []drills.ChipCount{{20 * c, 2}}},
		// Large amounts are mostly the top chip.
		{[]games.Money{1 * c, 3 * c, 4 * c}, 1_000_002 * c, []drills.ChipCount{{4 * c, 249_999}, {3 * c, 2}}},
	}
	for _, tt := range tests {
		got, err := drills.Fewest(tt.values, tt.amount)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Fewest(%v, %s) = %v, %v; want %v", tt.values, tt.amount, got, err, tt.want)
		}
	}
	if _, err := drills.Fewest([]games.Money{2 * c, 5 * c}, 3*c); !errors.Is(err, drills.ErrNoChange) {
		t.Errorf("Fewest({2, 5}, 3) error = %v; want ErrNoChange", err)
	}
	if _, err := drills.Fewest([]games.Money{1 * c}, 50); !errors.Is(err, drills.ErrNoChange) {
		t.Errorf("Fewest({1}, 0.5) error = %v; want ErrNoChange", err)
	}
}

// TestFewestAgainstPlainDP compares Fewest with the plain dynamic programme
// for random chip sets (canonical or not) and amounts.
func TestFewestAgainstPlainDP(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		var vs []games.Money
		for range 2 + rng.IntN(4) {
			vs = append(vs, games.Money(1+rng.IntN(60))*50)
		}
		slices.Sort(vs)
		vs = slices.Compact(vs)
		for range 20 {
			a := games.Money(rng.IntN(400)) * 50
			want := plainFewest(vs, 50, a)
			got, err := drills.Fewest(vs, a)
			if want < 0 {
				if !errors.Is(err, drills.ErrNoChange) {
					t.Errorf("Fewest(%v, %s) = %v, %v; want ErrNoChange", vs, a, got, err)
				}
				continue
			}
			sum, n := drills.ChipTotal(got)
			if err != nil || sum != a || n != want {
				t.Errorf("Fewest(%v, %s) = %v (%s in %d chips), %v; want %d chips", vs, a, got, sum, n, err, want)
			}
		}
	}
}
