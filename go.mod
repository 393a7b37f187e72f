module github.com/dealerkiosk/trainer

go 1.26.0
