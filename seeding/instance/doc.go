// Package instance reads and writes the seeding benchmark's file formats
// (../shared/bench/seeding/README.md): instances (dtm-seeding-instance/1),
// which become a seeding.Instance, and seatings (dtm-seeding-output/1),
// written from the rounds seeding.Simulate returns. Package seeding itself
// holds no file format.
package instance
