package class_test

import (
	"fmt"
	"testing"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// BenchmarkPlanImport plans a full roster (MaxRosterRows new trainees)
// against a kiosk of 1,000 users: every row's name is compared with every
// user's and every earlier row's by trainer.LooksAlike.
func BenchmarkPlanImport(b *testing.B) {
	users := make([]*trainer.User, 1000)
	for i := range users {
		users[i] = &trainer.User{ID: int64(i + 1), Name: fmt.Sprintf("Kiosk User %04d", i), Role: trainer.RoleTrainee, Active: true}
	}
	rows := make([]class.Row, class.MaxRosterRows)
	for i := range rows {
		rows[i] = class.Row{Line: i + 2, Name: fmt.Sprintf("New Trainee %c%c", 'A'+i%26, 'a'+i/26), PIN: "2468"}
	}
	dir := class.IndexUsers(users)
	for b.Loop() {
		if _, err := class.PlanImport(rows, dir, nil, nil); err != nil {
			b.Fatal(err)
		}
	}
}
