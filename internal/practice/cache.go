package practice

import (
	"sync"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// drillCacheSize bounds each generation of the drill cache: a few times the
// scenarios on screen in a large class, which is what gets rebuilt.
const drillCacheSize = 1024

// drillCache keeps recently made drills by spec, in two generations: when
// the current one is full it becomes the old one and the oldest drills are
// dropped. A hit in the old generation moves to the current one. A drill is
// never changed once made, so one value serves every request. Safe for
// concurrent use; the zero value is ready.
type drillCache struct {
	mu       sync.Mutex
	cur, old map[trainer.Spec]*drills.Drill
}

func (c *drillCache) get(s trainer.Spec) *drills.Drill {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d, ok := c.cur[s]; ok {
		return d
	}
	d, ok := c.old[s]
	if ok {
		c.putLocked(s, d)
	}
	return d
}

func (c *drillCache) put(s trainer.Spec, d *drills.Drill) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(s, d)
}

func (c *drillCache) putLocked(s trainer.Spec, d *drills.Drill) {
	if len(c.cur) >= drillCacheSize {
		c.old, c.cur = c.cur, nil
	}
	if c.cur == nil {
		c.cur = make(map[trainer.Spec]*drills.Drill, drillCacheSize)
	}
	c.cur[s] = d
}
