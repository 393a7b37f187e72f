package server_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/browsertest"
)

// TestMain shares one Chromium between the package's browser tests and
// stops it after the last (browsertest.Main).
func TestMain(m *testing.M) { browsertest.Main(m) }
