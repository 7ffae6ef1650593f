# gnuplot -e "csv='sweep.csv'; png='docs/throughput.png'; title='...'" bench/plot_throughput.gp
set datafile separator ','
set terminal pngcairo size 900,560 noenhanced
set output png
set title title
set logscale xy
set xlabel 'n'
set ylabel 'matrices / s (host to host)'
set key top right
set grid
# one series per family/vectors pair, filtered by awk so each is a connected line
sel(f, v) = sprintf("< awk -F, '$1 == \"%s\" && $2 == %d' %s", f, v, csv)
plot sel('general', 0) using 3:6 with linespoints title 'general (Francis), values', \
     sel('symmetric', 0) using 3:6 with linespoints title 'symmetric, values', \
     sel('symmetric', 1) using 3:6 with linespoints title 'symmetric, vectors'
