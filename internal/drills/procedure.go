package drills

import "fmt"

// procedureDrill wraps package procedures' questions. TODO: wired when
// internal/procedures lands on main.
func (b *build) procedureDrill() error {
	return fmt.Errorf("drills: %s drills need package procedures, which is not built yet", b.d.Kind)
}
