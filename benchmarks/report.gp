# report.png from report.dat (benchmarks/report.py): the cost ratios with
# their 95% intervals. Run in the result directory, with the run's unit,
# clock, memory-type verdict and accelerators given as strings:
#   gnuplot -e "unit='insn/IO'; clock='icount'; verdict='not-honoured'; accel='tcg'" report.gp
set terminal pngcairo size 1200,600
set output 'report.png'
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.8 border -1
set xtics rotate by -20
set ylabel sprintf('cost ratio (%s), 95%% interval', unit)
set key outside right
set yrange [0:*]
set grid ytics
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2
set title sprintf('pmem-stack: cost ratios, clock %s, memory type %s (%s)', clock, verdict, accel)
plot 'report.dat' using 2:3:4:xtic(1) title 'WB/stock raw', \
     '' using 5:6:7 title 'WB/stock sector', \
     '' using 8:9:10 title 'WT/WB raw', \
     '' using 11:12:13 title 'WT/WB sector'
