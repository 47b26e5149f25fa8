package conformance

import (
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
)

func TestMain(m *testing.M) { clitest.Main(m) }
