package poker

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

func TestQuick(t *testing.T) {
	t0 := time.Now()
	Standard.tables()
	t.Log("standard tables", time.Since(t0))
	t0 = time.Now()
	Thrill.tables()
	t.Log("thrill tables", time.Since(t0))
	for _, s := range []string{"As Ks Qs Js Ts 2c 3d", "Ah Ad Ac As Jk", "Kc Kd Kh Jk 2c", "Ah 9h 7h 3h Jk Ks 2c", "5d 4c 3h 2s Ad"} {
		h := Thrill.Evaluate(cards.MustParseList(s))
		t.Log(s, "->", h.Category(), cards.Format(h.Best[:]), h.JokerAs, h.Describe())
	}
}
